package dev.capplanner.importing.mcp;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How large an MCP tool's own schema may be: a server writes it, so it may be nested thousands of
 * levels deep (the planner's fingerprint, Jackson and every recursive reader fail on it) or hold
 * millions of nodes. Measured before anything reads it recursively, without recursion; a tool over
 * the bounds is imported excluded, with the reason, and without the schema.
 */
final class ToolSchemaBounds {

    static final int MAX_DEPTH = 32;
    static final int MAX_NODES = 10_000;

    private ToolSchemaBounds() {
    }

    /** Why the schema is too large, or empty. */
    static Optional<String> excess(Map<String, Object> schema) {
        if (schema == null) {
            return Optional.empty();
        }
        Deque<Object[]> pending = new ArrayDeque<>();
        pending.push(new Object[] {schema, 1});
        int nodes = 0;
        while (!pending.isEmpty()) {
            Object[] next = pending.pop();
            int depth = (Integer) next[1];
            if (depth > MAX_DEPTH) {
                return Optional.of("its schema is nested deeper than " + MAX_DEPTH + " levels");
            }
            if (++nodes > MAX_NODES) {
                return Optional.of("its schema has more than " + MAX_NODES + " nodes");
            }
            if (next[0] instanceof Map<?, ?> map) {
                map.values().forEach(value -> pending.push(new Object[] {value, depth + 1}));
            } else if (next[0] instanceof List<?> list) {
                list.forEach(value -> pending.push(new Object[] {value, depth + 1}));
            }
        }
        return Optional.empty();
    }
}
