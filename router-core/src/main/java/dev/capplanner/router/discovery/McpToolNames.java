package dev.capplanner.router.discovery;

import dev.capplanner.contracts.json.CanonicalJson;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The names MCP clients see for a snapshot's capabilities. A registry name
 * ({@code api:demo-api/orders.list}) holds characters the MCP specification does not allow in a tool
 * name (letters, digits, {@code _ - .}, at most 128), so each is written as its connection and source
 * name ({@code demo-api.orders.list}) with any other character replaced; names that would then be the
 * same (or were shortened) each get twelve hex digits of their registry name's SHA-256 (salted again
 * while any two still clash), so every name of a snapshot is distinct and a capability keeps its name
 * across listings while the names beside it do.
 */
public final class McpToolNames {

    public static final int MAX_LENGTH = 128;
    private static final int HASH_CHARS = 12;
    private static final int MAX_ROUNDS = 8;

    private McpToolNames() {
    }

    /** Registry name to MCP name, for every name given, in their order. */
    public static Map<String, String> of(Collection<String> registryNames) {
        Map<String, String> readable = new LinkedHashMap<>();
        registryNames.forEach(name -> readable.put(name, readable(name)));
        Map<String, Long> uses = readable.values().stream().collect(Collectors.groupingBy(n -> n, Collectors.counting()));
        Map<String, String> named = new LinkedHashMap<>();
        readable.forEach((name, shown) -> named.put(name, uses.get(shown) > 1 || shown.isEmpty()
                || shown.length() > MAX_LENGTH ? hashed(shown, name, 0) : shown));
        // A readable name may equal another's hashed one (a source can name a tool after another's hashed
        // name): every name of such a group takes a hash again, salted, until no two names are the same.
        for (int round = 1; round <= MAX_ROUNDS; round++) {
            List<String> clashing = clashing(named);
            if (clashing.isEmpty()) {
                return named;
            }
            int salt = round;
            clashing.forEach(name -> named.put(name, hashed(readable.get(name), name, salt)));
        }
        throw new IllegalStateException("MCP names of " + registryNames.size() + " tools still clash after "
                + MAX_ROUNDS + " rounds");
    }

    private static List<String> clashing(Map<String, String> named) {
        Map<String, List<String>> byShown = new HashMap<>();
        named.forEach((name, shown) -> byShown.computeIfAbsent(shown, key -> new java.util.ArrayList<>()).add(name));
        return byShown.values().stream().filter(names -> names.size() > 1).flatMap(List::stream).toList();
    }

    static String readable(String registryName) {
        int kind = registryName.indexOf(':');
        int slash = registryName.indexOf('/');
        String rest = kind >= 0 && (slash < 0 || kind < slash) ? registryName.substring(kind + 1) : registryName;
        StringBuilder shown = new StringBuilder(rest.length());
        rest.codePoints().forEach(c -> shown.append(c == '/' ? '.'
                : (c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.')) ? (char) c : '_'));
        return shown.toString();
    }

    private static String hashed(String shown, String registryName, int salt) {
        String prefix = shown.length() > MAX_LENGTH - HASH_CHARS - 1 ? shown.substring(0, MAX_LENGTH - HASH_CHARS - 1)
                : shown;
        String hashed = salt == 0 ? registryName : registryName + "#" + salt;
        return (prefix.isEmpty() ? "tool" : prefix) + "-" + sha256(hashed).substring(0, HASH_CHARS);
    }

    private static String sha256(String text) {
        return CanonicalJson.sha256(text.getBytes(StandardCharsets.UTF_8)).substring("sha256:".length());
    }
}
