"""This pod's settings: edit before copying to the Pico (see README.md in this folder)."""

SEAT = 1  # the seat this pod serves; 0 = a central pod whose reader N serves seat N
READER = "rc522"  # "rc522" (SPI) or "pn532" (I2C)
READ_NDEF = True  # also read the tag's NDEF text record (NTAG21x); UIDs alone need enrolment
POLL_MS = 20  # one pass of the main loop
HEARTBEAT_MS = 1000
MISS_LIMIT = 3  # polls without the card before it counts as removed
DEBOUNCE_MS = 20

# GPIO numbers on the Pico (see hardware/wiring.md)
RC522 = {"spi_id": 0, "sck": 2, "mosi": 3, "miso": 4, "cs": 1, "rst": 0}
# One chip select per RC522 on the shared SPI bus, in reader order (reader 1 first). A Wheels of
# War seat kit with a reader under each shelf: [1, 6, 7] (see hardware/wiring.md).
RC522_CS = [1]
PN532_I2C = {"i2c_id": 0, "sda": 4, "scl": 5}
BUTTONS = {"UP": 10, "DOWN": 11, "OK": 12, "BACK": 13}  # to GND, internal pull-ups
LED = 15  # the pod's own LED (through 330 ohm); the Pico's on-board LED is "LED"
BUZZER = 14  # a passive piezo through a 100 ohm resistor; None if not fitted
