"""The designer's lab: bots against bots over every core or a Dask cluster, seeded and
reproducible, with figures (Wilson intervals, per-card effects, tension) and a one-page report."""
