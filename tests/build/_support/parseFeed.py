"""Parses an Atom feed with Debian's feedparser (an independent parser) and prints what it read as JSON."""
import json
import sys

import feedparser

parsed = feedparser.parse(sys.argv[1])
print(json.dumps({
    "version": parsed.version,
    "bozo": bool(parsed.bozo),
    "bozo_exception": str(parsed.get("bozo_exception", "")),
    "id": parsed.feed.get("id"),
    "title": parsed.feed.get("title"),
    "updated": parsed.feed.get("updated"),
    "language": parsed.feed.get("language"),
    "rights": parsed.feed.get("rights"),
    "links": [{"rel": link.get("rel"), "href": link.get("href")} for link in parsed.feed.get("links", [])],
    "entries": [
        {
            "id": entry.get("id"),
            "title": entry.get("title"),
            "link": entry.get("link"),
            "updated": entry.get("updated"),
            "content": [part.get("value") for part in entry.get("content", [])],
        }
        for entry in parsed.entries
    ],
}))
