"""Find the first NDEF Text record in an NTAG's user memory (pages 4 on): pure, no hardware.

Memory holds TLVs: 0x00 padding, 0x03 an NDEF message, 0xFE the end; a length byte of 0xFF
is followed by a two-byte length. A Text record is TNF 1, type "T"; its payload starts with a
status byte whose low six bits give the length of the language code before the text.
"""

NDEF_TLV = 0x03
TERMINATOR_TLV = 0xFE
NULL_TLV = 0x00


def _tlv_header(memory: bytes, at: int):  # -> (tag, length, value_start) or None
    if at >= len(memory):
        return None
    tag = memory[at]
    if tag in (NULL_TLV, TERMINATOR_TLV):
        return tag, 0, at + 1
    if at + 1 >= len(memory):
        return None
    length = memory[at + 1]
    if length == 0xFF:
        if at + 3 >= len(memory):
            return None
        return tag, (memory[at + 2] << 8) | memory[at + 3], at + 4
    return tag, length, at + 2


def bytes_needed(memory: bytes) -> int:
    """How many bytes of user memory must be read to hold the whole NDEF message (at least
    ``len(memory)`` + 16 while the header itself is still cut off)."""
    at = 0
    while True:
        header = _tlv_header(memory, at)
        if header is None:
            return len(memory) + 16
        tag, length, start = header
        if tag == TERMINATOR_TLV:
            return at + 1
        if tag == NDEF_TLV:
            return start + length
        at = start + length


def text_record(memory: bytes):  # -> str or None
    """The first Text record's text, or None if there is none (or memory is cut short)."""
    at = 0
    while True:
        header = _tlv_header(memory, at)
        if header is None:
            return None
        tag, length, start = header
        if tag == TERMINATOR_TLV:
            return None
        if tag == NDEF_TLV:
            if start + length > len(memory):
                return None
            return _first_text(memory[start : start + length])
        at = start + length


def _first_text(message: bytes):  # -> str or None
    at = 0
    while at + 3 <= len(message):
        flags = message[at]
        type_length = message[at + 1]
        short = flags & 0x10
        has_id = flags & 0x08
        if short:
            payload_length = message[at + 2]
            at += 3
        else:
            if at + 6 > len(message):
                return None
            payload_length = int.from_bytes(message[at + 2 : at + 6], "big")
            at += 6
        id_length = 0
        if has_id:
            id_length = message[at]
            at += 1
        record_type = message[at : at + type_length]
        at += type_length + id_length
        payload = message[at : at + payload_length]
        at += payload_length
        if len(payload) < payload_length:
            return None
        if flags & 0x07 == 1 and record_type == b"T" and payload:
            status = payload[0]
            if status & 0x80:  # UTF-16 text: not used by our cards
                return None
            language_length = status & 0x3F
            try:
                return bytes(payload[1 + language_length :]).decode("utf-8")
            except UnicodeError:
                return None
        if flags & 0x40:  # ME: the last record
            return None
    return None
