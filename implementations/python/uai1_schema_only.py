#!/usr/bin/env python3
"""A UAI-1 implementation built on Python's jsonschema and the published schemas alone.

It speaks the conformance line protocol (uaix-conformance/2): one JSON request per line on standard
input, one JSON answer per line on standard output, each error with its code and its place (a JSON
Pointer); a request of the retired version 1 is refused with one line. It is independent of the uaix package: it reads
only the schema files, and judges a document by them and by strict JSON reading (UTF-8, no duplicate
member names). It computes the packet digest (RFC 8785 over the keyed packet without
integrity.checksum), which the digest rule defines outside the schemas. Everything else the core
checks beyond the schemas (secrets, claims, expiry, the keyless codec, integrity checksums, the route
rules the schemas cannot state) it does not, by design: its report shows what the files alone catch.

Usage: uai1_schema_only.py [--schemas <folder with *.schema.json>]
Works with Debian's python3-jsonschema (4.10) and with newer releases (the referencing registry).
"""

import base64
import hashlib
import json
import math
import os
import sys
from urllib.parse import urldefrag, urljoin

import jsonschema

PROTOCOL = "uaix-conformance/2"
RETIRED_PROTOCOLS = ("uaix-conformance/1",)
CODE_KEYWORD = "x-uai-error-code"
SCHEMA_BASE = "https://uaix.org/schemas/uai-1/"
ROUTE_SCHEMA = SCHEMA_BASE + "route-record.schema.json"
ENVELOPE_SCHEMA = SCHEMA_BASE + "envelope.schema.json"
DEFAULT_SCHEMAS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "schemas", "uai-1")


class DuplicateKey(ValueError):
    def __init__(self, name):
        super().__init__(name)
        self.name = name


def _no_duplicates(pairs):
    result = {}
    for name, value in pairs:
        if name in result:
            raise DuplicateKey(name)
        result[name] = value
    return result


def _no_constant(name):
    raise ValueError(f"{name} is not JSON")


def read_json(data):
    """The document, or the code of the reading failure."""
    if data.startswith(b"\xef\xbb\xbf"):
        return None, "UAI-JSON-PARSE"
    try:
        text = data.decode("utf-8", errors="strict")
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant), None
    except DuplicateKey:
        return None, "UAI-JSON-DUPLICATE-KEY"
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None, "UAI-JSON-PARSE"


class Schemas:
    """The published schemas by $id, a validator per schema, and the annotation lookup."""

    def __init__(self, folder):
        self.documents = {}
        for name in sorted(os.listdir(folder)):
            if name.endswith(".schema.json"):
                with open(os.path.join(folder, name), encoding="utf-8") as handle:
                    document = json.load(handle)
                self.documents[document["$id"]] = document
        self.validators = {}
        self.format_checker = jsonschema.FormatChecker()

    def validator(self, schema_id):
        if schema_id not in self.validators:
            schema = self.documents[schema_id]
            cls = jsonschema.validators.validator_for(schema)
            try:
                from referencing import Registry, Resource  # jsonschema >= 4.18

                registry = Registry().with_resources(
                    (uri, Resource.from_contents(doc)) for uri, doc in self.documents.items()
                )
                self.validators[schema_id] = cls(schema, registry=registry, format_checker=self.format_checker)
            except ImportError:  # Debian's 4.10: the RefResolver with a store of every document
                resolver = jsonschema.RefResolver(schema_id, schema, store=dict(self.documents))
                self.validators[schema_id] = cls(schema, resolver=resolver, format_checker=self.format_checker)
        return self.validators[schema_id]

    def resolve(self, base, ref):
        """The schema a $ref names, and the $id of the document it is in."""
        url, fragment = urldefrag(urljoin(base, ref))
        node = self.documents[url]
        for token in [t for t in fragment.split("/") if t]:
            node = node[token.replace("~1", "/").replace("~0", "~")]
        return node, url

    def chain(self, node, base, direct=True):
        """The node and every schema its $ref and allOf lead to: (schema, document $id, on the main path).

        An allOf branch can declare members, but its annotations are about its own keywords (a required
        list, a conditional rule), not about the place: only the main path of properties, items and
        $ref gives a place its code; what an allOf branch says counts only where its keyword fails. A
        branch that is a lone $ref is the schema's own $ref, spelled so that tools which drop a $ref's
        sibling keywords still apply both: it stays on the main path.
        """
        out, todo, seen = [], [(node, base, direct)], set()
        while todo:
            schema, doc, direct = todo.pop(0)
            if not isinstance(schema, dict) or id(schema) in seen:
                continue
            seen.add(id(schema))
            out.append((schema, doc, direct))
            if isinstance(schema.get("$ref"), str):
                target, target_doc = self.resolve(doc, schema["$ref"])
                todo.append((target, target_doc, direct))
            for branch in schema.get("allOf", []):
                lone_ref = isinstance(branch, dict) and list(branch) == ["$ref"]
                todo.append((branch, doc, direct and lone_ref))
        return out

    def code_along(self, schema_id, segments):
        """The innermost x-uai-error-code on the way from the root schema to the place."""
        found = None
        nodes = [(self.documents[schema_id], schema_id, True)]
        for depth in range(len(segments) + 1):
            expanded = [entry for node, doc, direct in nodes for entry in self.chain(node, doc, direct)]
            for schema, _, direct in expanded:
                if direct and isinstance(schema.get(CODE_KEYWORD), str):
                    found = schema[CODE_KEYWORD]
                    break
            if depth == len(segments):
                break
            segment, nodes = segments[depth], []
            for schema, doc, direct in expanded:
                properties = schema.get("properties", {})
                if isinstance(segment, str) and segment in properties:
                    nodes.append((properties[segment], doc, direct))
                elif isinstance(segment, int):
                    prefix = schema.get("prefixItems", [])
                    if segment < len(prefix):
                        nodes.append((prefix[segment], doc, direct))
                    elif isinstance(schema.get("items"), dict):
                        nodes.append((schema["items"], doc, direct))
            if not nodes:
                break
        return found


def error_code(schemas, schema_id, error):
    if error.validator in ("additionalProperties", "unevaluatedProperties"):
        return "UAI-SCHEMA-UNDECLARED"
    if isinstance(error.schema, dict) and isinstance(error.schema.get(CODE_KEYWORD), str):
        return error.schema[CODE_KEYWORD]
    if error.validator in ("format", "pattern") and error.schema.get("format") == "date-time":
        return "UAI-TIME-NOT-UTC"
    place = list(error.absolute_path)
    if error.validator == "required":
        missing = [name for name in error.validator_value if isinstance(error.instance, dict) and name not in error.instance]
        place += missing[:1]
    return schemas.code_along(schema_id, place) or (
        "UAI-SCHEMA-MISSING" if error.validator == "required" else "UAI-SCHEMA-INVALID"
    )


def pointer(segments):
    return "".join("/" + str(s).replace("~", "~0").replace("/", "~1") for s in segments)


def error_places(error):
    """The places an error is about: a missing or undeclared member's own place, else the instance's."""
    place = list(error.absolute_path)
    instance = error.instance if isinstance(error.instance, dict) else {}
    if error.validator == "required":
        return [place + [name] for name in error.validator_value if name not in instance] or [place]
    if error.validator in ("additionalProperties", "unevaluatedProperties") and isinstance(error.schema, dict):
        declared = error.schema.get("properties", {})
        extra = [name for name in instance if name not in declared]
        return [place + [name] for name in extra] or [place]
    return [place]


def schema_errors(schemas, schema_id, value):
    errors = []
    for error in schemas.validator(schema_id).iter_errors(value):
        code = error_code(schemas, schema_id, error)
        for place in error_places(error):
            entry = {"code": code, "path": pointer(place)}
            if entry not in errors:
                errors.append(entry)
    return errors


def jcs(value):
    """RFC 8785 for the JSON values a packet holds: members sorted by their UTF-16 code units."""
    if isinstance(value, dict):
        members = sorted(value.items(), key=lambda item: item[0].encode("utf-16-be"))
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + jcs(v) for k, v in members) + "}"
    if isinstance(value, list):
        return "[" + ",".join(jcs(item) for item in value) + "]"
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer() and abs(value) < 1e21:
            return str(int(value))
        return repr(value)
    return json.dumps(value, ensure_ascii=False)


def packet_digest(packet):
    keyed = dict(packet)
    if isinstance(keyed.get("integrity"), dict):
        keyed["integrity"] = {k: v for k, v in keyed["integrity"].items() if k != "checksum"}
    return "sha256:" + hashlib.sha256(jcs(keyed).encode("utf-8")).hexdigest()


def judge(schemas, kind, data):
    value, parse_code = read_json(data)
    if parse_code:
        return [{"code": parse_code, "path": ""}], None
    if kind == "route-record":
        return schema_errors(schemas, ROUTE_SCHEMA, value), None
    profile = value.get("profile") if isinstance(value, dict) else None
    schema_id = SCHEMA_BASE + profile + ".schema.json" if isinstance(profile, str) else None
    if schema_id not in schemas.documents or schema_id in (ENVELOPE_SCHEMA, ROUTE_SCHEMA):
        schema_id = ENVELOPE_SCHEMA
    errors = schema_errors(schemas, schema_id, value)
    if schema_id == ENVELOPE_SCHEMA and not errors and isinstance(value, dict):
        errors = [{"code": "UAI-PROFILE-UNKNOWN", "path": "/profile"}]  # a packet of no published profile
    return errors, (packet_digest(value) if not errors else None)


def answer(schemas, line):
    request = None
    try:
        request = json.loads(line)
        if request.get("protocol") in RETIRED_PROTOCOLS:
            raise ValueError(f"{request.get('protocol')} is retired: this implementation speaks {PROTOCOL} only")
        if request.get("protocol") != PROTOCOL:
            raise ValueError(f"protocol must be {PROTOCOL}")
        data = base64.b64decode(request["bytes_base64"], validate=True)
        errors, digest = judge(schemas, request["kind"], data)
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        return {"id": request.get("id") if isinstance(request, dict) else None, "error": str(error)}
    result = {"id": request["id"], "verdict": "invalid" if errors else "valid", "errors": errors}
    if request["kind"] == "packet":
        result["digest"] = digest
    return result


def main(argv):
    folder = DEFAULT_SCHEMAS
    if len(argv) == 2 and argv[0] == "--schemas":
        folder = argv[1]
    elif argv:
        sys.stderr.write("usage: uai1_schema_only.py [--schemas <folder>]\n")
        return 2
    schemas = Schemas(folder)
    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(json.dumps(answer(schemas, line)) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
