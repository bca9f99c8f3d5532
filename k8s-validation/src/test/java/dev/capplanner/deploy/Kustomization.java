package dev.capplanner.deploy;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders a kustomization directory the way {@code kustomize build} does, for the features
 * deploy/k8s uses: {@code resources} (files and directories), {@code namespace}, {@code images}
 * and strategic-merge {@code patches} by path. Anything else in a kustomization is refused, so a
 * manifest cannot silently rely on a feature this renderer ignores.
 */
final class Kustomization {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final List<String> SUPPORTED = List.of("apiVersion", "kind", "resources", "namespace", "images",
            "patches");

    private Kustomization() {
    }

    /** The objects a kustomization directory renders to, in resource order. */
    static List<Map<String, Object>> render(Path directory) {
        Map<String, Object> kustomization = readOne(directory.resolve("kustomization.yaml"));
        List<String> unsupported = kustomization.keySet().stream().filter(k -> !SUPPORTED.contains(k)).toList();
        if (!unsupported.isEmpty()) {
            throw new IllegalArgumentException(directory + ": unsupported kustomization fields " + unsupported);
        }
        List<Map<String, Object>> objects = new ArrayList<>();
        for (String resource : strings(kustomization.get("resources"))) {
            Path path = directory.resolve(resource).normalize();
            objects.addAll(Files.isDirectory(path) ? render(path) : read(path));
        }
        for (Map<String, Object> patch : maps(kustomization.get("patches"))) {
            for (Map<String, Object> document : read(directory.resolve((String) patch.get("path")))) {
                Map<String, Object> target = find(objects, document);
                objects.set(objects.indexOf(target), StrategicMerge.apply(target, document));
            }
        }
        for (Map<String, Object> image : maps(kustomization.get("images"))) {
            objects.forEach(object -> Images.replace(object, (String) image.get("name"), (String) image.get("newName"),
                    (String) image.get("newTag"), (String) image.get("digest")));
        }
        Object namespace = kustomization.get("namespace");
        if (namespace != null) {
            objects.forEach(object -> metadata(object).put("namespace", namespace));
        }
        return objects;
    }

    /** Every YAML document of a file (a {@code ---} separated stream), comments and empty documents left out. */
    static List<Map<String, Object>> read(Path file) {
        List<Map<String, Object>> documents = new ArrayList<>();
        try (MappingIterator<Map<String, Object>> iterator = YAML.readerFor(new TypeReference<Map<String, Object>>() { })
                .readValues(file.toFile())) {
            while (iterator.hasNext()) {
                Map<String, Object> document = iterator.next();
                if (document != null && !document.isEmpty()) {
                    documents.add(new LinkedHashMap<>(document));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("invalid YAML in " + file + ": " + e.getMessage(), e);
        }
        return documents;
    }

    static String kind(Map<String, Object> object) {
        return (String) object.get("kind");
    }

    static String name(Map<String, Object> object) {
        return (String) metadata(object).get("name");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> metadata(Map<String, Object> object) {
        return (Map<String, Object>) object.computeIfAbsent("metadata", k -> new LinkedHashMap<>());
    }

    private static Map<String, Object> find(List<Map<String, Object>> objects, Map<String, Object> patch) {
        return objects.stream().filter(o -> kind(o).equals(kind(patch)) && name(o).equals(name(patch))).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("a patch targets " + kind(patch) + "/" + name(patch)
                        + ", which no resource defines"));
    }

    private static Map<String, Object> readOne(Path file) {
        List<Map<String, Object>> documents = read(file);
        if (documents.size() != 1) {
            throw new IllegalArgumentException(file + " must hold one document");
        }
        return documents.get(0);
    }

    private static List<String> strings(Object value) {
        return value == null ? List.of() : YAML.convertValue(value, new TypeReference<List<String>>() { });
    }

    private static List<Map<String, Object>> maps(Object value) {
        return value == null ? List.of() : YAML.convertValue(value, new TypeReference<List<Map<String, Object>>>() { });
    }
}
