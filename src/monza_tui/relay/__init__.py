"""``monza relay``: a public meeting point where a host and its guests both connect out
(docs/relay.md). No Textual import: the relay runs on a server without a terminal."""
