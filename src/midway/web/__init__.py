"""The browser UI: static ES modules, HTML and CSS served by ``midway serve`` (no build step)."""
