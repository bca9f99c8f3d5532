package dev.capplanner.deploy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kubernetes strategic merge, as far as deploy/k8s's patches need it: maps merge key by key;
 * lists of objects merge by their merge key ({@code name}, or {@code mountPath} for volume mounts,
 * {@code containerPort} for ports), other lists are replaced.
 */
final class StrategicMerge {

    private static final Map<String, String> MERGE_KEYS = Map.of("volumeMounts", "mountPath", "ports", "containerPort");

    private StrategicMerge() {
    }

    static Map<String, Object> apply(Map<String, Object> target, Map<String, Object> patch) {
        Map<String, Object> merged = new LinkedHashMap<>(target);
        patch.forEach((key, value) -> merged.put(key, mergeValue(key, merged.get(key), value)));
        return merged;
    }

    @SuppressWarnings("unchecked")
    private static Object mergeValue(String key, Object current, Object patch) {
        if (current instanceof Map<?, ?> currentMap && patch instanceof Map<?, ?> patchMap) {
            return apply((Map<String, Object>) currentMap, (Map<String, Object>) patchMap);
        }
        if (current instanceof List<?> currentList && patch instanceof List<?> patchList) {
            String mergeKey = MERGE_KEYS.getOrDefault(key, "name");
            if (allHave(currentList, mergeKey) && allHave(patchList, mergeKey)) {
                return mergeByKey((List<Map<String, Object>>) currentList, (List<Map<String, Object>>) patchList,
                        mergeKey);
            }
        }
        return patch;
    }

    private static List<Map<String, Object>> mergeByKey(List<Map<String, Object>> current,
                                                        List<Map<String, Object>> patch, String mergeKey) {
        List<Map<String, Object>> merged = new ArrayList<>(current);
        List<Map<String, Object>> added = new ArrayList<>();
        for (Map<String, Object> element : patch) {
            int index = indexOf(merged, mergeKey, element.get(mergeKey));
            if (index >= 0) {
                merged.set(index, apply(merged.get(index), element));
            } else {
                added.add(element);
            }
        }
        // kustomize puts new elements of a patch before the existing ones.
        added.addAll(merged);
        return added;
    }

    private static int indexOf(List<Map<String, Object>> list, String key, Object value) {
        for (int i = 0; i < list.size(); i++) {
            if (value != null && value.equals(list.get(i).get(key))) {
                return i;
            }
        }
        return -1;
    }

    private static boolean allHave(List<?> list, String key) {
        return !list.isEmpty() && list.stream().allMatch(e -> e instanceof Map<?, ?> map && map.containsKey(key));
    }
}
