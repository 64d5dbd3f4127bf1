"""Where a key's time goes, in-process: feel.py's scripted race played with Textual's Pilot,
each key timed (press until the app is idle again) and optionally profiled per key kind.

    .venv/bin/python benchmarks/keys_inprocess.py [--profile KIND] [--top 30]

Timings here leave out the terminal and the process launch (``feel.py`` measures those); they
are for finding the work a key does, not for the README's table.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import feel
from textual.app import App
from textual.pilot import Pilot


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", metavar="KIND", help="profile the keys of this kind "
                        "(a name from feel.KINDS, or 'all')")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--sort", default="cumulative")
    parser.add_argument("--filter", help="only functions whose path matches (a regex)")
    parser.add_argument("--each", type=int, default=3)
    parser.add_argument("--dump", metavar="FILE", help="also write the profile (pstats) there")
    parser.add_argument("--calls", action="store_true", help="also count the Python calls "
                        "each key makes (to its first frame with --frame): a measure of work "
                        "that a busy machine does not blur")
    parser.add_argument("--frame", action="store_true", help="time each key to the first "
                        "frame written after it (what feel.py sees, less the terminal)")
    options = parser.parse_args()
    took: list[float] = []
    frames: list[float] = []
    display = App._display

    active: list[cProfile.Profile] = []

    def displayed(self: App, *args: object) -> None:  # type: ignore[type-arg]
        display(self, *args)  # type: ignore[arg-type]
        frames.append(time.perf_counter())
        while active:  # with --frame, a profile stops at the key's first frame
            active.pop().disable()

    if options.frame:
        App._display = displayed  # type: ignore[method-assign]
    profiles: list[cProfile.Profile] = []
    press = Pilot.press

    async def timed(self: Pilot, *keys: str) -> None:  # type: ignore[type-arg]
        profile = cProfile.Profile() if options.profile or options.calls else None
        start = time.perf_counter()
        if profile is not None:
            profile.enable()
            active[:] = [profile]
        seen = len(frames)
        await press(self, *keys)
        await self.pause()
        if profile is not None:
            profile.disable()
        end = frames[seen] if options.frame and len(frames) > seen else time.perf_counter()
        took.append((end - start) * 1000)
        profiles.append(profile)  # type: ignore[arg-type]

    Pilot.press = timed  # type: ignore[method-assign]
    # The bare app's key in the same run (feel.py's bare app), before and after the race.
    bare: list[float] = []
    asyncio.run(_bare_keys(10))
    bare += took
    bare_calls = [pstats.Stats(p).total_calls for p in profiles if p]  # type: ignore[attr-defined]
    took.clear()
    script = asyncio.run(feel._make_script(feel.KEY_SEED, options.each, 400))
    del profiles[: len(profiles) - len(took)]
    steps = len(took)
    asyncio.run(_bare_keys(10))
    bare += took[steps:]
    del took[steps:]
    del profiles[steps:]
    per_kind: dict[str, list[float]] = {}
    calls: dict[str, list[int]] = {}
    chosen: list[cProfile.Profile] = []
    for step, ms, profile in zip(script.steps, took, profiles, strict=False):
        per_kind.setdefault(step.kind or step.key, []).append(ms)
        if options.calls:
            made = pstats.Stats(profile).total_calls  # type: ignore[attr-defined]
            calls.setdefault(step.kind or step.key, []).append(made)
        if options.profile in ("all", step.kind):
            chosen.append(profile)
    bare_ms = statistics.median(bare)
    print(f"{'bare app key':28} median {bare_ms:6.1f} ms  max {max(bare):6.1f}  n={len(bare)}"
          + (f"{'':17}calls {statistics.median(bare_calls):8.0f}" if options.calls else ""))
    for kind, values in per_kind.items():
        median = statistics.median(values)
        print(f"{kind:28} median {median:6.1f} ms  max {max(values):6.1f}"
              f"  n={len(values):<3}  {median / bare_ms:5.1f}x bare"
              + (f"  calls {statistics.median(calls[kind]):8.0f}" if options.calls else ""))
    if chosen:
        stats = pstats.Stats(chosen[0])
        for profile in chosen[1:]:
            stats.add(profile)
        stats.sort_stats(options.sort).print_stats(options.filter or "", options.top)
        if options.dump:
            stats.dump_stats(options.dump)
    return 0


async def _bare_keys(presses: int) -> None:
    """Press the bare app's key (feel.py's ``BARE_APP``) ``presses`` times."""
    namespace: dict[str, object] = {}
    exec(feel.BARE_APP.replace("Hello().run()", ""), namespace)
    app = namespace["Hello"]()  # type: ignore[operator]
    async with app.run_test(size=(120, 40)) as pilot:  # type: ignore[attr-defined]
        await pilot.pause()
        for _ in range(presses):
            await pilot.press("space")


if __name__ == "__main__":
    raise SystemExit(main())
