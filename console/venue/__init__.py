"""The venue: hubs publish presence, public table state and results to an MQTT broker, a board
shows them all live and keeps the standings, and pairings seat the next round (docs/venue.md).
"""
