"""The compiled build: ``pip install .`` and ``pip install -e .`` compile the modules that
``lotr_rules/native.py`` lists with mypyc into C extensions, where a C compiler is found.

``LOTR_RULES_COMPILE`` chooses: unset (or ``auto``) compiles where a C compiler and Python's
headers are found and otherwise installs the pure-Python package, saying so once, in the
build's output; ``1`` compiles or stops with an error; ``0`` installs the pure-Python package
and asks for nothing more than hatchling.

A wheel gets each extension next to its source (an extension module is imported in preference
to the source of the same name). An editable install keeps the sources where they are, so its
extensions go to a folder of their own, ``_lotr_rules_compiled``, with the checksum of each
source they were built from: ``lotr_rules.native.use_editable_build`` imports them only while
every one of those sources is unchanged, and the sources otherwise (an edited checkout runs as
written, never stale compiled code).
"""

from __future__ import annotations

import ast
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zlib
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: the variable that chooses the build
SWITCH = "LOTR_RULES_COMPILE"
#: what compiling needs in the build environment, on top of hatchling
COMPILE_REQUIRES = ["mypy>=1.10", "setuptools>=68", "lark>=1.1.9", "attrs>=23.1"]
#: where an editable install keeps its extensions (a top-level folder of site-packages)
EDITABLE_FOLDER = "_lotr_rules_compiled"

_SETUP = """\
import os
from concurrent.futures import ThreadPoolExecutor

from mypyc.build import mypycify
from setuptools import setup
from distutils import ccompiler  # (setuptools' own copy, once setuptools is imported)


def compile_in_parallel(self, sources, output_dir=None, macros=None, include_dirs=None, debug=0,
                        extra_preargs=None, extra_postargs=None, depends=None):
    # The C files of an extension, compiled a core each: mypyc puts every module's C file into
    # one shared extension, which the build compiles one file after the other otherwise.
    macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
        output_dir, macros, include_dirs, sources, depends, extra_postargs)
    cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)

    def compile_one(obj):
        if obj in build:
            source, ext = build[obj]
            self._compile(obj, source, ext, cc_args, extra_postargs, pp_opts)

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        list(pool.map(compile_one, objects))
    return objects


ccompiler.CCompiler.compile = compile_in_parallel

setup(
    name="lotr-rules-compiled",
    # one C file per module rather than one for all: the C compiler takes a fraction of the
    # time over several files that it takes over a single large one (1.5 minutes, not 5)
    ext_modules=mypycify({paths!r}, opt_level="3", multi_file=True),
    script_args=["build_ext", "--inplace"],
)
"""

_MYPY_CONFIG = """\
[mypy]
python_version = {version}
strict = True
"""

_FALLBACK = (
    "lotr-rules: installing the pure-Python build ({reason}). It plays the same games, about half as "
    "fast; install a C compiler (gcc or clang) and Python's headers and install again for the compiled "
    "build, or set {switch}=0 to choose the pure-Python build and hide this note."
)


def mode() -> str:
    """``on``, ``off`` or ``auto``, from the variable."""
    value = os.environ.get(SWITCH, "").strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return "on"
    if value in {"0", "false", "no", "off"}:
        return "off"
    return "auto"


def missing_for_compiling() -> str | None:
    """Why this machine cannot compile the extensions (no C compiler, no Python headers), or
    None when it can."""
    configured = os.environ.get("CC") or sysconfig.get_config_var("CC") or ""
    names = [shlex.split(configured)[0]] if configured.strip() else []
    names += ["cl"] if sys.platform == "win32" else ["cc", "gcc", "clang"]
    if not any(shutil.which(name) for name in names):
        return "no C compiler was found"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "Python's headers (Python.h) were not found"
    return None


def compiled_modules(root: Path) -> list[str]:
    """``COMPILED_MODULES`` of lotr_rules/native.py, read without importing the package."""
    tree = ast.parse((root / "lotr_rules" / "native.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "COMPILED_MODULES" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            return [str(name) for name in value]
    raise RuntimeError("lotr_rules/native.py has no COMPILED_MODULES")


class CompileHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        wanted = mode()
        if wanted == "on" or (wanted == "auto" and missing_for_compiling() is None):
            return list(COMPILE_REQUIRES)
        return []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        wanted = mode()
        if self.target_name != "wheel" or wanted == "off":
            return
        missing = missing_for_compiling()
        if missing is not None:
            if wanted == "on":
                raise RuntimeError(f"{SWITCH}=1: {missing}; unset it (or set {SWITCH}=0) for the pure-Python build")
            self.app.display_warning(_FALLBACK.format(reason=missing, switch=SWITCH))
            return
        root = Path(self.root)
        work = self._work = Path(tempfile.mkdtemp(prefix="lotr-rules-compile-"))
        # Compiled in a copy: nothing is written next to the sources.
        shutil.copytree(root / "lotr_rules", work / "lotr_rules", ignore=shutil.ignore_patterns("__pycache__"))
        modules = compiled_modules(root)
        paths = [name.replace(".", "/") + ".py" for name in modules]
        (work / "setup.py").write_text(_SETUP.format(paths=paths), encoding="utf-8")
        (work / "mypy.ini").write_text(
            _MYPY_CONFIG.format(version=f"{sys.version_info[0]}.{sys.version_info[1]}"), encoding="utf-8"
        )
        self.app.display_info(f"compiling {len(paths)} modules with mypyc (a minute or so)")
        done = subprocess.run([sys.executable, "setup.py"], cwd=work, capture_output=True, text=True)
        if done.returncode != 0:
            details = f"{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
            if wanted == "on":
                raise RuntimeError(
                    f"{SWITCH}=1: compiling lotr_rules failed. The pure-Python build needs no compiler: "
                    f"set {SWITCH}=0 and install again.\n{details}"
                )
            self.app.display_warning(_FALLBACK.format(reason="compiling failed", switch=SWITCH) + "\n" + details)
            return
        # the extensions built in place, not setuptools' own copies under build/
        built = sorted(
            p for p in work.rglob("*") if p.suffix in {".so", ".pyd"} and p.relative_to(work).parts[0] != "build"
        )
        if version == "editable":
            build_data["force_include_editable"] = {
                **self.build_config.get_force_include(),
                **self._editable_layout(root, work, modules, built),
            }
        else:
            for path in built:
                build_data["force_include"][str(path)] = str(path.relative_to(work))
            build_data["pure_python"] = False
            build_data["infer_tag"] = True

    def _editable_layout(self, root: Path, work: Path, modules: list[str], built: list[Path]) -> dict[str, str]:
        """The extensions of an editable install under EDITABLE_FOLDER, with a manifest naming each
        compiled module's extension and the checksum of the source it was built from; the
        library they share (its name is imported as it is) at the top of site-packages."""
        layout: dict[str, str] = {}
        manifest: dict[str, tuple[int, str]] = {}
        for path in built:
            relative = path.relative_to(work)
            if len(relative.parts) == 1:
                layout[str(path)] = str(relative)
                continue
            name = ".".join((*relative.parts[:-1], relative.name.split(".")[0]))
            source = root.joinpath(*name.split(".")).with_suffix(".py")
            target = f"{EDITABLE_FOLDER}/{relative.as_posix()}"
            layout[str(path)] = target
            manifest[name] = (zlib.crc32(source.read_bytes()), relative.as_posix())
        if sorted(manifest) != sorted(modules):
            raise RuntimeError(f"compiling made extensions for {sorted(manifest)}, not for {sorted(modules)}")
        init = work / "editable_manifest.py"
        init.write_text(
            '"""The compiled modules of an editable install of lotr_rules (see hatch_build.py)."""\n\n'
            f"#: module: (checksum of the source it was built from, its extension under this folder)\n"
            f"MODULES = {manifest!r}\n",
            encoding="utf-8",
        )
        layout[str(init)] = f"{EDITABLE_FOLDER}/__init__.py"
        return layout

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
