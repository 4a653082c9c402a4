"""The web server: HTTP pages and API, and the tables' WebSocket (FastAPI + uvicorn).

No game logic lives here: the routes call the table service (``tavolo.online``),
which calls the game protocol. The contract is in ``tavolo.online``'s docstring.
"""
