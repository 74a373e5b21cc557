"""What every web app of the console shares (the hub's site, console/web; the venue's board,
console/venue): the security headers and the same-origin rule (security.py), the one map from an
exception to an HTTP status (errors.py), strict JSON bodies, the host PIN guard and the per-device
bounds (limits.py), and the guarded waitress server (guarded.py).

It imports the hub's error types and its ``Hub`` (to find the seat tokens and the PIN), never an app.
"""
