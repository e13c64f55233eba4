"""Play across machines (issue 23): a host-authoritative server and its clients.

- protocol: the JSON messages (version, shapes, size limit, validation).
- host: HostCore (the seats, tokens and the one door, no I/O) and HostServer
  (websockets on asyncio: limits, timeouts, per-connection send queues).
- client: a websocket client in a background thread (for the window) and the
  headless bot of `narby join`.
- discovery: optional LAN discovery with zeroconf (fails soft).
"""
