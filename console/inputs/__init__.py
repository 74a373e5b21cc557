"""The physical table: scanner pods, QR scanners and seat buttons, turned into game actions.

Data flows one way: source -> event (events.py) -> one queue -> composer -> action.

* Sources post small immutable events (``CardScanned``, ``ButtonPressed``, ``PodConnected``...)
  to one callable ``post``: ``ButtonPanel`` (buttons.py, GPIO through gpiozero), ``PodSource``
  and ``LineScannerSource`` (pods.py, serial through pyserial). ``start_sources`` (sources.py)
  starts what the table has, or simulated ones.
* ``Composer`` (composer.py) turns those events into one legal action per seat, with a cursor
  for screens; ``CardMap`` (cardmap.py) says which card a scan is.
* simulated.py is the same hardware, simulated (``tabletop serve --simulate``): pods on ptys
  running the real firmware, QR scanners. The scripted players and the whole-table rig the tests
  use are in tests/helpers/.
"""
