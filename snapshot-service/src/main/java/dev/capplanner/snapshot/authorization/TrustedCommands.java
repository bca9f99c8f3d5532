package dev.capplanner.snapshot.authorization;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The slash commands each tenant's configuration trusts (seed opamp: "trusted slash-command mode ...
 * trusted-bypass policy"): a turn's command goes on to routing and planning only when its tenant
 * trusts it; any other is dropped, and the turn is planned from its question alone. Deny by default:
 * a tenant without an entry trusts none.
 */
public final class TrustedCommands {

    private static final Pattern COMMAND = Pattern.compile("/[a-z][a-z0-9-]{0,31}");

    private final Map<String, Set<String>> byTenant;

    private TrustedCommands(Map<String, Set<String>> byTenant) {
        this.byTenant = byTenant;
    }

    /** From configuration: tenant id to a comma-separated list ({@code acme=/all}); a malformed command fails. */
    public static TrustedCommands of(Map<String, String> configured) {
        Map<String, Set<String>> byTenant = new HashMap<>();
        configured.forEach((tenant, list) -> {
            java.util.LinkedHashSet<String> commands = new java.util.LinkedHashSet<>();
            for (String command : list.split(",", -1)) {
                String trimmed = command.strip();
                if (!COMMAND.matcher(trimmed).matches()) {
                    throw new IllegalArgumentException("trusted command of tenant " + tenant + " is not a slash"
                            + " command (a slash, then lower-case letters, digits or dashes): '" + trimmed + "'");
                }
                commands.add(trimmed);
            }
            byTenant.put(tenant, Set.copyOf(commands));
        });
        return new TrustedCommands(Map.copyOf(byTenant));
    }

    /** What is trusted, for the start-up log: tenant and commands, sorted. */
    public String describe() {
        return new java.util.TreeMap<>(byTenant).entrySet().stream()
                .map(entry -> entry.getKey() + "=" + String.join(",", new java.util.TreeSet<>(entry.getValue())))
                .collect(java.util.stream.Collectors.joining(" "));
    }

    /** The command when {@code tenant} trusts it; null when there is none or it is not trusted. */
    public String admitted(String tenant, String command) {
        return command != null && byTenant.getOrDefault(tenant, Set.of()).contains(command) ? command : null;
    }
}
