package dev.capplanner.executor.execution;

import dev.capplanner.contracts.paths.OutputPaths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads values out of a result by a declared output path, in the syntax of the contracts'
 * {@code outputPath} schema: field names separated by dots, {@code []} after a field that holds an
 * array ({@code items[].id}: the {@code id} of every row of {@code items}), or first when the result
 * is itself an array ({@code [].sha}: the {@code sha} of every row; most of GitHub's lists). There are no positions
 * ({@code items.0.id}): which row to take is never guessed.
 */
public final class ResultPaths {

    /** The start of a path into a result that is itself an array. */
    private static final String ROWS = "[].";

    private ResultPaths() {
    }

    public static boolean isWellFormed(String path) {
        return OutputPaths.isWellFormed(path);
    }

    /** Every non-null value at the path, in order; none when the result does not have it. */
    public static List<Object> values(Object result, String path) {
        if (!isWellFormed(path)) {
            throw new IllegalArgumentException("not an output path: " + path);
        }
        List<Object> nodes = new ArrayList<>();
        String fields = path;
        if (path.startsWith(ROWS)) {
            if (result instanceof List<?> rows) {
                rows.stream().filter(java.util.Objects::nonNull).forEach(nodes::add);
            }
            fields = path.substring(ROWS.length());
        } else {
            nodes.add(result);
        }
        for (String segment : fields.split("\\.")) {
            boolean array = segment.endsWith("[]");
            String field = array ? segment.substring(0, segment.length() - 2) : segment;
            List<Object> next = new ArrayList<>();
            for (Object node : nodes) {
                Object value = node instanceof Map<?, ?> map ? map.get(field) : null;
                if (array && value instanceof List<?> rows) {
                    rows.stream().filter(java.util.Objects::nonNull).forEach(next::add);
                } else if (!array && value != null) {
                    next.add(value);
                }
            }
            nodes = next;
        }
        return nodes;
    }

    /**
     * The 1-based position, in the path's collection (its first {@code []}), of the one row that gives a
     * value at the path; empty when no row or several do, or the path reads no collection or a nested one.
     */
    public static Optional<Integer> rowOf(Object result, String path) {
        if (!isWellFormed(path) || !path.contains("[]")) {
            return Optional.empty();
        }
        Object collection;
        String rest;
        if (path.startsWith(ROWS)) {
            collection = result;
            rest = path.substring(ROWS.length());
        } else {
            String[] segments = path.split("\\.");
            Object node = result;
            int at = 0;
            while (!segments[at].endsWith("[]")) {
                node = node instanceof Map<?, ?> map ? map.get(segments[at]) : null;
                at++;
            }
            String field = segments[at].substring(0, segments[at].length() - 2);
            collection = node instanceof Map<?, ?> map ? map.get(field) : null;
            rest = String.join(".", Arrays.copyOfRange(segments, at + 1, segments.length));
        }
        if (!(collection instanceof List<?> rows)) {
            return Optional.empty();
        }
        if (rest.contains("[]")) {
            return Optional.empty();
        }
        Integer found = null;
        for (int i = 0; i < rows.size(); i++) {
            Object row = rows.get(i);
            boolean gives = row != null && (rest.isEmpty() || !values(row, rest).isEmpty());
            if (gives && found != null) {
                return Optional.empty();
            }
            if (gives) {
                found = i + 1;
            }
        }
        return Optional.ofNullable(found);
    }
}
