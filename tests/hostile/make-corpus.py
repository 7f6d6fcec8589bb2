#!/usr/bin/env python3
"""Writes the small files of the hostile-input corpus (tests/hostile/*) deterministically.

The big inputs (50 MB, 100k-deep nesting, over the 64 MiB limit) are generated at test time by
cli/tests/it/hostile.rs instead of being committed. Run this again after changing it:

    python3 tests/hostile/make-corpus.py
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
KEY = "east--west.MirrorSourceConnector.json"


def write(name, data):
    mode = "wb" if isinstance(data, bytes) else "w"
    with open(os.path.join(HERE, name), mode) as f:
        f.write(data)


def entry(cluster="east", topic="orders", partition=0, offset=41):
    return {"partition": {"cluster": cluster, "partition": partition, "topic": topic},
            "offset": {"offset": offset}}


def payload(entries):
    return json.dumps({"offsets": entries}, indent=2)


def yaml_str(s):
    # JSON strings are valid YAML double-quoted scalars (escapes included).
    return json.dumps(s)


def configmap(name="my-mm2-offsets", namespace="kafka", key=KEY, entries=None):
    body = payload(entries if entries is not None else [entry()])
    lines = ["apiVersion: v1", "data:", f"  {yaml_str(key)}: |-"]
    lines += ["    " + line for line in body.splitlines()]
    lines += ["kind: ConfigMap", "metadata:", f"  name: {yaml_str(name)}",
              f"  namespace: {yaml_str(namespace)}", ""]
    return "\n".join(lines)


# YAML alias bombs: billion laughs (9 levels of 10), and one hidden in a data value's sibling.
laughs = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
for i in range(1, 10):
    laughs.append(f"a{i}: &a{i} [" + ",".join([f"*a{i-1}"] * 10) + "]")
write("alias-bomb.yaml", "\n".join(laughs) + "\n")
write("alias-bomb-configmap.yaml", configmap().replace(
    "kind: ConfigMap", "kind: ConfigMap\nbomb0: &b0 [x,x,x,x,x,x,x,x,x,x]\n"
    + "\n".join(f"bomb{i}: &b{i} [" + ",".join([f"*b{i-1}"] * 10) + "]" for i in range(1, 9))))

# Bytes a text editor should never produce.
write("invalid-utf8.json", payload([entry()]).encode().replace(b"orders", b"ord\xff\xfers"))
write("invalid-utf8.yaml", configmap().encode().replace(b"my-mm2-offsets", b"my-\xc3\x28-offsets"))
write("nul-byte.json", payload([entry()]).encode().replace(b"orders", b"ord\x00ers"))
write("nul-byte.yaml", configmap().encode().replace(b"kafka", b"ka\x00fka"))

# Numbers: 2^63, -1, 1e3, 1.0 and "12" as offsets and as partitions (MirrorMaker 2 and sink).
NUMBERS = {"2p63": "9223372036854775808", "minus1": "-1", "1e3": "1e3", "1.0": "1.0", "string12": '"12"'}
for tag, text in NUMBERS.items():
    for field in ("offset", "partition"):
        e = entry()
        doc = payload([e]).replace('"offset": 41', '"offset": ' + text) if field == "offset" \
            else payload([e]).replace('"partition": 0', '"partition": ' + text)
        write(f"number-{field}-{tag}.json", doc)
    sink = ('{"offsets": [{"partition": {"kafka_topic": "orders", "kafka_partition": %s}, '
            '"offset": {"kafka_offset": %s}}]}\n') % (text, text)
    write(f"number-sink-{tag}.json", sink)

# Duplicate keys: in an entry, in a partition map, at the top level, and in the YAML wrapper.
write("duplicate-keys.json",
      '{"offsets": [{"partition": {"cluster": "east", "topic": "orders", "topic": "other", '
      '"partition": 0}, "offset": {"offset": 1, "offset": 2}, "offset": null}], "offsets": []}\n')
write("duplicate-keys.yaml", configmap().replace("kind: ConfigMap", "kind: ConfigMap\nkind: Secret")
      .replace("  namespace:", "  name: other\n  namespace:"))
write("duplicate-partitions.json", payload([entry(), entry(offset=7)]))

# Hostile names in every name field: topic, cluster, ConfigMap name, namespace, data key.
# HTML/script, and shell metacharacters with newlines (including a line that would end the
# plan's heredoc). "PWNED" marks every shell payload so the tests can look for it.
HOSTILE = {
    "html": '<script>alert(1)</script><img src=x onerror=alert(2)>',
    "shell": "x'; touch /tmp/PWNED; echo '$(touch /tmp/PWNED)`touch /tmp/PWNED`\"|&<>*?",
    "newline": "x\nOFFSETS_EOF\ntouch /tmp/PWNED\n#",
}
for tag, bad in HOSTILE.items():
    write(f"name-{tag}-topic.yaml", configmap(entries=[entry(topic=bad)]))
    write(f"name-{tag}-cluster.yaml", configmap(entries=[entry(cluster=bad)]))
    write(f"name-{tag}-configmap.yaml", configmap(name=bad))
    write(f"name-{tag}-namespace.yaml", configmap(namespace=bad))
    write(f"name-{tag}-datakey.yaml", configmap(key=bad + ".json"))
    write(f"name-{tag}-mm2-alias.yaml", configmap(key=bad.replace("\n", " ") + "--west.MirrorSourceConnector.json"))
    write(f"name-{tag}-rest.json", payload([entry(cluster=bad, topic=bad)]))
