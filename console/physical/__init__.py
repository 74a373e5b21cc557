"""What a physical table means: the inputs' events (console/inputs) become a table's actions.

* ``CardMap`` (cardmap.py) says which catalog card a scan is, with the enrolled tags of
  ``TagStore`` (tagstore.py); enrol.py enrols tags, sheet.py prints a catalog's QR sheet.
* ``Composer`` (composer.py) turns events into one legal action per seat, with a cursor for screens.
* ``PhysicalSeats`` (seats.py) is one table's physical seats: the composer, the held copies
  (held.py), the re-check of the cards in play after a restart (recheck.py), the seats' lights
  and beeps (feedback.py).
* ``Kits`` (kits.py) binds pods and button seats to tables; ``InputRouter`` (router.py) posts
  each event to the table its kit is bound to.
"""
