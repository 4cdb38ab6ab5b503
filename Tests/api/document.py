"""Writes Sources/HearthAPI/OpenAPIDocument.swift: the description the server serves, and the
digest of the code generated from it, so ApiDocumentTests can tell when either was changed
without the other (`make api` runs this after the generator)."""
import hashlib
import pathlib
import sys

folder = pathlib.Path(sys.argv[1])
document = (folder / "openapi.yaml").read_text(encoding="utf-8")
assert '"""#' not in document
generated = hashlib.sha256()
for path in sorted((folder / "Generated").glob("*.swift")):
    generated.update(path.name.encode() + b"\0" + path.read_bytes())
(folder / "OpenAPIDocument.swift").write_text(
    "// Written by `make api` (Tests/api/document.py); do not edit.\n\n"
    "/// The API's description as it was when the code beside it was generated.\n"
    "public enum OpenAPIDocument {\n"
    f'    public static let yaml = #"""\n{document}\n"""#\n\n'
    "    /// SHA-256 of the generated files (name, NUL, contents; in name order).\n"
    f'    public static let generatedDigest = "{generated.hexdigest()}"\n'
    "}\n",
    encoding="utf-8",
)
