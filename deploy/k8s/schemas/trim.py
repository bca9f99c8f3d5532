"""Cuts the Kubernetes OpenAPI v3 documents down to what the manifests use.

Usage: python3 trim.py KUBERNETES_OPENAPI_V3_DIR > kubernetes-1.35.json
KUBERNETES_OPENAPI_V3_DIR holds api/v1.json and apis/<group>/<version>.json as published in
kubernetes/kubernetes (api/openapi-spec/v3) for the release. The output keeps the schemas
reachable from ROOTS, as one document whose "$defs" are keyed by the OpenAPI schema names, with
every "#/components/schemas/X" reference rewritten to "#/$defs/X". Nothing else changes: the test
that reads it adds the strictness (unknown fields rejected) itself.
"""
import json, os, sys

ROOTS = {
    "api/v1.json": ["io.k8s.api.core.v1.ConfigMap", "io.k8s.api.core.v1.Service",
                    "io.k8s.api.core.v1.ServiceAccount", "io.k8s.api.core.v1.Secret"],
    "apis/apps/v1.json": ["io.k8s.api.apps.v1.Deployment"],
    "apis/policy/v1.json": ["io.k8s.api.policy.v1.PodDisruptionBudget"],
    "apis/networking.k8s.io/v1.json": ["io.k8s.api.networking.v1.NetworkPolicy",
                                       "io.k8s.api.networking.v1.Ingress"],
    "apis/autoscaling/v2.json": ["io.k8s.api.autoscaling.v2.HorizontalPodAutoscaler"],
}
PREFIX = "#/components/schemas/"

def refs(node, found):
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(PREFIX):
            found.add(ref[len(PREFIX):])
        for value in node.values():
            refs(value, found)
    elif isinstance(node, list):
        for value in node:
            refs(value, found)

def rewrite(node):
    if isinstance(node, dict):
        return {k: (PREFIX_NEW + v[len(PREFIX):] if k == "$ref" and isinstance(v, str) and v.startswith(PREFIX)
                    else rewrite(v)) for k, v in node.items()}
    if isinstance(node, list):
        return [rewrite(v) for v in node]
    return node

PREFIX_NEW = "#/$defs/"
base = sys.argv[1]
kept = {}
for file, roots in ROOTS.items():
    schemas = json.load(open(os.path.join(base, file)))["components"]["schemas"]
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in kept or name not in schemas:
            continue
        kept[name] = schemas[name]
        found = set()
        refs(schemas[name], found)
        todo.extend(found - kept.keys())
print(json.dumps({"$comment": "Kubernetes 1.35 OpenAPI v3 schemas used by deploy/k8s (see trim.py)",
                  "$defs": rewrite(dict(sorted(kept.items())))}, indent=1, sort_keys=False))
