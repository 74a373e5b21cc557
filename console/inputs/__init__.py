"""The drivers of the physical table: scanner pods, QR scanners and seat buttons -> ``InputEvent``.

Data flows one way: source -> event (events.py) -> one callable ``post``. What the events mean
for a table (card map, composer, kits, the router) is console/physical; nothing here imports a
game, a journal or a table.

* Sources post small immutable events (``CardScanned``, ``ButtonPressed``, ``PodConnected``...)
  to one callable ``post``: ``ButtonPanel`` (buttons.py, GPIO through gpiozero), ``PodSource``
  and ``LineScannerSource`` (pods.py, serial through pyserial). ``start_sources`` (sources.py)
  starts what the table has, or simulated ones.
* simulated.py is the same hardware, simulated (``tabletop serve --simulate``): pods on ptys
  running the real firmware, QR scanners. The scripted players and the whole-table rig the tests
  use are in tests/helpers/.
"""
