"""The PettingZoo AEC environment over one game family (see docs/pettingzoo.md).

Agents are ``player_0`` ... ``player_{n-1}``, one a seat. The engine decides whose turn it is:
``agent_selection`` is always the seat the game is asking, in whatever order the rules ask
(in the Card Game any seat may be asked between two questions to another). Action ``i`` answers
the pending decision with its option ``i``, in the order the engine lists them; the
``action_mask`` marks the options the decision has. A decision never offers more than
:data:`~.features.MAX_ACTIONS` options in the shipped games; were one to, only the first
:data:`~.features.MAX_ACTIONS` could be chosen. Decisions with a single option resolve by
themselves and are never asked.

A game runs in a thread of its own (:mod:`.driver`); :meth:`LotrEnv.close` (and the next
:meth:`LotrEnv.reset`) ends it.
"""

from __future__ import annotations

import weakref
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from lotr_rules.pettingzoo.driver import DecisionDriver
from lotr_rules.pettingzoo.families import Family
from lotr_rules.pettingzoo.features import MAX_ACTIONS, action_mask, size


class LotrEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    metadata: ClassVar[dict[str, Any]] = {"name": "lotr_rules_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        family: Family,
        *,
        render_mode: str | None = None,
        max_decisions: int | None = None,
        seed: int = 0,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        if max_decisions is not None and max_decisions < 1:
            raise ValueError(f"max_decisions must be at least 1, not {max_decisions}")
        self.family = family
        self.render_mode = render_mode
        self.max_decisions = max_decisions
        self.possible_agents = [f"player_{seat}" for seat in range(family.players)]
        width = size(family.name)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=-1.0, high=1.0, shape=(width,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(MAX_ACTIONS,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(MAX_ACTIONS) for agent in self.possible_agents}
        #: the seed the next reset() without one plays (each such reset takes the next)
        self._next_seed = seed
        self.seed = seed
        self.decisions = 0
        self._driver: DecisionDriver | None = None
        self._finalizer: weakref.finalize[Any, Any] | None = None
        self.agents: list[str] = []

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the game
    @property
    def game(self) -> Any:
        """The game in progress (standing still at a decision), or None before the first reset."""
        return self._driver.game if self._driver is not None else None

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._end_game()
        if seed is None:
            seed = self._next_seed
        self.seed = int(seed)
        self._next_seed = self.seed + 1
        family = self.family
        played = self.seed

        def run(agents: Any) -> Any:
            return family.run(agents, played)

        driver = DecisionDriver(run, family.players)
        self._driver = driver
        # a forgotten environment still ends its game thread when it is collected
        self._finalizer = weakref.finalize(self, driver.close)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self.decisions = 0
        driver.start()
        self._after_engine()

    def step(self, action: Any) -> None:
        if self._driver is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        request = self._driver.request
        assert request is not None
        if action is None or not 0 <= int(action) < min(len(request.options), MAX_ACTIONS):
            raise ValueError(
                f"action {action!r} is not legal for {agent}: the decision '{request.kind}' has "
                f"{len(request.options)} options (see the observation's action_mask)"
            )
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.infos[agent] = {}
        self._driver.answer(int(action))
        self.decisions += 1
        self._after_engine()
        self._accumulate_rewards()

    def _after_engine(self) -> None:
        """Point at the seat the game asks now, or end the episode."""
        driver = self._driver
        assert driver is not None
        if driver.done:
            for agent, reward in zip(self.agents, self.family.rewards(driver.result), strict=True):
                self.rewards[agent] = reward
                self.terminations[agent] = True
            return
        if self.max_decisions is not None and self.decisions >= self.max_decisions:
            for agent in self.agents:
                self.truncations[agent] = True
            self._end_game()
            return
        request = driver.request
        assert request is not None
        self.agent_selection = self.possible_agents[request.player]
        self.infos[self.agent_selection] = {
            "kind": request.kind,
            "prompt": request.question,
            "options": [option.label for option in request.options[:MAX_ACTIONS]],
        }

    def observe(self, agent: str) -> dict[str, Any]:
        driver = self._driver
        if driver is None or driver.game is None:
            raise RuntimeError("call reset() before observe()")
        seat = self.possible_agents.index(agent)
        request = driver.request
        if request is not None and request.player != seat:
            request = None
        return {
            "observation": self.family.observe(driver.game, seat, request),
            "action_mask": action_mask(request),
        }

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; make the env with render_mode='ansi'")
            return None
        if self.game is None:
            return None
        return self.family.render(self.game, self.possible_agents.index(self.agent_selection))

    def close(self) -> None:
        self._end_game()

    def _end_game(self) -> None:
        if self._driver is not None:
            self._driver.close()
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
