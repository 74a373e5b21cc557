"""Runs the pod firmware's pure modules through scripted cases and writes what they did as JSON.

The same file runs under CPython and under MicroPython (test_micropython.py compares the two), so
it keeps to what both have: no f-strings, no dataclasses, nothing imported from ``typing``.
"""

import json
import sys

import pod_core
import pod_ndef
import pod_protocol
import pod_sensing

MYPY = False
if MYPY:  # for mypy alone: MicroPython has neither typing nor collections.abc
    from collections.abc import Callable

COMMANDS = ("HELLO?", "LED", "BEEP", "RESEND")


def _attempt(function: "Callable[..., object]", *args: object) -> list:
    """["ok", result] or ["error", class name, message]."""
    try:
        return ["ok", function(*args)]
    except Exception as error:
        return ["error", type(error).__name__, str(error)]


def frames(vectors: list) -> list:
    out = []
    for vector in vectors:
        as_ints = [int(field) if field.isdigit() else field for field in vector["fields"]]
        case = {
            "name": vector["name"],
            "encoded": pod_protocol.encode(vector["verb"], vector["fields"]),
            "encoded_from_ints": pod_protocol.encode(vector["verb"], as_ints),
            "split": _attempt(pod_protocol.split_frame, vector["line"]),
        }
        if vector["verb"] in COMMANDS:
            case["command"] = _attempt(pod_protocol.parse_command, vector["line"])
        out.append(case)
    return out


def bad_lines(vectors: list) -> list:
    out = []
    for vector in vectors:
        out.append(
            {
                "name": vector["name"],
                "split": _attempt(pod_protocol.split_frame, vector["line"]),
                "command": _attempt(pod_protocol.parse_command, vector["line"]),
            }
        )
    return out


def lenient_lines(vectors: list) -> list:
    out = []
    for vector in vectors:
        case = {
            "name": vector["name"],
            "split": _attempt(pod_protocol.split_frame, vector["line"]),
            "canonical": _attempt(pod_protocol.split_frame, vector["canonical"]),
        }
        if vector["verb"] in COMMANDS:
            case["command"] = _attempt(pod_protocol.parse_command, vector["line"])
        out.append(case)
    return out


def ndef(memories: list) -> list:
    out = []
    for memory_hex in memories:
        memory = bytes.fromhex(memory_hex)
        out.append([_attempt(pod_ndef.text_record, memory), _attempt(pod_ndef.bytes_needed, memory)])
    return out


def presence(cases: list) -> list:
    out = []
    for case in cases:
        tracker = pod_sensing.Presence(case["miss_limit"])
        out.append([tracker.poll(uid) for uid in case["polls"]])
    return out


def debounce(cases: list) -> list:
    out = []
    for case in cases:
        button = pod_sensing.Debouncer(case["stable_ms"])
        out.append([button.update(level, ms) for ms, level in case["levels"]])
    return out


class ScriptedLink:
    def __init__(self) -> None:
        self.incoming: list = []
        self.sent: list = []
        self.now = 0

    def write(self, text: str) -> None:
        self.sent.append([self.now, text])

    def read_lines(self) -> list:
        lines, self.incoming = self.incoming, []
        return lines


class ScriptedReader:
    def __init__(self) -> None:
        self.card = None  # None or [uid, text]
        self.failure = None  # None or the OSError's message

    def read(self) -> "tuple | None":  # None or (uid, text)
        if self.failure is not None:
            raise OSError(self.failure)
        return None if self.card is None else (self.card[0], self.card[1])


class ScriptedButton:
    def __init__(self) -> None:
        self.down = False

    def pressed(self) -> bool:
        return self.down


class ScriptedLed:
    def __init__(self) -> None:
        self.modes: list = []

    def set(self, mode: str) -> None:
        self.modes.append(mode)


class ScriptedBeeper:
    def __init__(self) -> None:
        self.beeps: list = []

    def beep(self, ms: int) -> None:
        self.beeps.append(ms)


def pod_run(script: dict) -> dict:
    """One pod driven by a timed script of cards, lifts, reader failures, button levels and hub lines."""
    link, beeper = ScriptedLink(), ScriptedBeeper()
    readers = [ScriptedReader() for _ in range(script["readers"])]
    buttons = {}
    for key in script["buttons"]:
        buttons[key] = ScriptedButton()
    leds = {0: ScriptedLed()}
    for index in range(len(readers)):
        leds[index + 1] = ScriptedLed()
    pod = pod_core.Pod(
        link,
        readers,
        buttons,
        leds,
        beeper,
        script["unique_id"],
        script["boot"],
        script["seat"],
        script["heartbeat_ms"],
        script["miss_limit"],
        script["debounce_ms"],
    )
    steps = script["steps"]
    done = 0
    now = 0
    while now <= script["until_ms"]:
        while done < len(steps) and steps[done][0] <= now:
            _apply(steps[done], readers, buttons, link)
            done += 1
        link.now = now
        pod.step(now)
        now += script["tick_ms"]
    lit = [[target, leds[target].modes] for target in sorted(leds)]
    return {"sent": link.sent, "leds": lit, "beeps": beeper.beeps, "seq": pod.seq}


def _apply(step: list, readers: list, buttons: dict, link: ScriptedLink) -> None:
    action = step[1]
    if action == "card":
        readers[step[2]].card = [step[3], step[4]]
    elif action == "lift":
        readers[step[2]].card = None
    elif action == "fail":
        readers[step[2]].failure = step[3]
    elif action == "mend":
        readers[step[2]].failure = None
    elif action == "level":
        buttons[step[2]].down = step[3]
    elif action == "hub":
        link.incoming.append(step[2])
    else:
        raise ValueError("unknown script action " + action)


def run(input_path: str, output_path: str) -> None:
    with open(input_path) as handle:
        cases = json.load(handle)
    vectors = cases["vectors"]
    result = {
        "implementation": [sys.implementation.name, list(sys.implementation.version[:3])],
        "frames": frames(vectors["frame"]),
        "bad": bad_lines(vectors["bad"]),
        "lenient": lenient_lines(vectors["lenient"]),
        "quote": [pod_protocol.quote_text(text) for text in cases["texts"]],
        "checksum": [pod_protocol.checksum(pod_protocol.quote_text(text)) for text in cases["texts"]],
        "ndef": ndef(cases["ndef"]),
        "presence": presence(cases["presence"]),
        "debounce": debounce(cases["debounce"]),
        "pods": [pod_run(script) for script in cases["pods"]],
    }
    with open(output_path, "w") as handle:
        handle.write(json.dumps(result))
