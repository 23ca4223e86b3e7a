"""The table service, a Django app: a table's life from the lobby to its
result, around games it reaches only through ``engine.registry``. Callers go
through ``tables.service``; each of its jobs has a module of its own."""
