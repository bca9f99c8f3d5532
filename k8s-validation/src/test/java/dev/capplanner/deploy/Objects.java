package dev.capplanner.deploy;

import java.util.List;
import java.util.Map;

/** Reading nested fields of rendered objects without a model class per kind. */
final class Objects {

    private Objects() {
    }

    /** The value at a dotted path ({@code spec.template.spec}), or null when any step is missing. */
    @SuppressWarnings("unchecked")
    static <T> T at(Object node, String path) {
        Object current = node;
        for (String step : path.split("\\.")) {
            if (!(current instanceof Map<?, ?> map)) {
                return null;
            }
            current = map.get(step);
        }
        return (T) current;
    }

    static List<Map<String, Object>> list(Object node, String path) {
        List<Map<String, Object>> value = at(node, path);
        return value == null ? List.of() : value;
    }

    static List<Map<String, Object>> ofKind(List<Map<String, Object>> objects, String kind) {
        return objects.stream().filter(o -> kind.equals(Kustomization.kind(o))).toList();
    }

    static Map<String, Object> named(List<Map<String, Object>> objects, String kind, String name) {
        return ofKind(objects, kind).stream().filter(o -> name.equals(Kustomization.name(o))).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " named " + name));
    }
}
