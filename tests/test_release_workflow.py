"""The release workflow (.github/workflows/release.yml) and its cibuildwheel settings in
pyproject.toml agree with the build the repository really has: hatchling with hatch_build.py's
switch, compiled wheels for Linux, macOS and Windows that must compile, a pure-Python wheel and
an sdist that must not, and a test of each wheel that names tests that exist."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def _workflow() -> dict[Any, Any]:
    loaded: dict[Any, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    return loaded


def _pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _constant(path: Path, name: str) -> Any:
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError(f"{path.name} has no {name}")


def test_the_compiled_wheels_are_built_for_every_platform() -> None:
    job = _workflow()["jobs"]["compiled-wheels"]
    systems = job["strategy"]["matrix"]["os"]
    for family in ("ubuntu", "macos", "windows"):
        assert any(system.startswith(family) for system in systems), family
    uses = [step.get("uses", "") for step in job["steps"]]
    assert any(use.startswith("pypa/cibuildwheel@") for use in uses)
    # the build looks for the C compiler on PATH: on Windows, MSVC's environment is set first
    assert uses.index("ilammy/msvc-dev-cmd@v1") < next(i for i, u in enumerate(uses) if "cibuildwheel" in u)


def test_cibuildwheel_builds_with_the_repositorys_own_backend_and_must_compile() -> None:
    project = _pyproject()
    assert project["build-system"]["build-backend"] == "hatchling.build"
    assert project["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["path"] == "hatch_build.py"
    settings = project["tool"]["cibuildwheel"]
    switch = _constant(ROOT / "hatch_build.py", "SWITCH")
    assert settings["environment"] == {switch: "1"}  # a wheel that cannot compile fails, never comes out pure
    # one wheel for every CPython the package supports, from the oldest requires-python allows
    oldest = re.fullmatch(r">=3\.(\d+)", project["project"]["requires-python"])
    assert oldest is not None
    built = sorted(int(m) for m in re.findall(r"cp3(\d+)-\*", settings["build"]))
    assert built[0] == int(oldest.group(1)) and built == list(range(built[0], built[-1] + 1))


def test_each_wheel_is_tested_with_tests_that_exist() -> None:
    settings = _pyproject()["tool"]["cibuildwheel"]
    assert ".ci/wheel_check.py" in settings["test-command"]
    for name in _constant(ROOT / ".ci" / "wheel_check.py", "TESTS"):
        assert (ROOT / name).is_file(), name
    pure = _workflow()["jobs"]["pure"]
    runs = "\n".join(step.get("run", "") for step in pure["steps"])
    assert "wheel_check.py . --pure" in runs


def test_the_pure_wheel_and_sdist_are_built_without_compiling() -> None:
    pure = _workflow()["jobs"]["pure"]
    switch = _constant(ROOT / "hatch_build.py", "SWITCH")
    build = next(step for step in pure["steps"] if "python -m build" in step.get("run", ""))
    assert build["env"] == {switch: "0"}
    assert "--sdist" in build["run"] and "--wheel" in build["run"]


def test_publishing_waits_for_every_build_and_needs_a_version_tag() -> None:
    workflow = _workflow()
    publish = workflow["jobs"]["publish"]
    assert sorted(publish["needs"]) == sorted(job for job in workflow["jobs"] if job != "publish")
    assert "refs/tags/v" in publish["if"]
    assert publish["permissions"] == {"id-token": "write"}


def test_the_docs_describe_the_release_workflow() -> None:
    text = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    assert ".github/workflows/release.yml" in text and "cibuildwheel" in text
