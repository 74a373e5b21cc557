"""The hub: every table this process runs, each owned by one worker thread, with its seats,
tokens, host PIN and input sources. ``console.web`` serves it; ``Hub`` is the way in."""
