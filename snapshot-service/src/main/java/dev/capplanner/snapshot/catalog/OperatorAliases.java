package dev.capplanner.snapshot.catalog;

import dev.capplanner.importing.inference.AliasInference;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Aliases an operator set for one capability of a connection, with who, when and why: ranking reads
 * them, in place of the capability's own (an imported one has none), whatever a refresh brings later.
 * Bounded, since ranking reads every one.
 */
public record OperatorAliases(String connection, String capability, List<String> aliases, String setBy,
                              Instant setAt, String reason) {

    public static final int MAX_ALIASES = 10;
    public static final int MAX_LENGTH = 60;

    public OperatorAliases {
        aliases = List.copyOf(aliases);
    }

    /** The aliases as given, trimmed and without repeats, or why they are refused. */
    public static Optional<String> problem(List<String> aliases) {
        if (aliases == null) {
            return Optional.of("aliases is required (an empty list: rank by no alias)");
        }
        if (aliases.size() > MAX_ALIASES) {
            return Optional.of("at most " + MAX_ALIASES + " aliases");
        }
        for (String alias : aliases) {
            if (alias == null || alias.isBlank() || alias.strip().length() > MAX_LENGTH) {
                return Optional.of("each alias is 1 to " + MAX_LENGTH + " characters");
            }
            if (alias.codePoints().anyMatch(c -> Character.isISOControl(c) || Character.getType(c) == Character.FORMAT)) {
                return Optional.of("an alias holds no control or format characters");
            }
        }
        return Optional.empty();
    }

    /** Trimmed, repeats dropped, in the order given. */
    public static List<String> normalized(List<String> aliases) {
        return new ArrayList<>(new LinkedHashSet<>(aliases.stream().map(String::strip).toList()));
    }

    /**
     * Aliases inferred from the capability's operation and entity ({@link AliasInference}), offered to
     * the operator, not ranked: measured, ranking them as they are inferred lost questions on public
     * datasets and on the demo (docs/benchmarks.md, "Aliases"), so they count once an operator sets them.
     */
    public static List<String> suggested(CatalogEntry entry) {
        return AliasInference.of(entry.operation(), entry.entity(), entry.name());
    }

    /** The entries with every operator's aliases in place of their own. */
    public static List<CatalogEntry> apply(List<CatalogEntry> entries, Collection<OperatorAliases> set) {
        Map<String, OperatorAliases> byCapability = new HashMap<>();
        set.forEach(a -> byCapability.put(a.connection() + "\n" + a.capability(), a));
        return entries.stream().map(entry -> {
            OperatorAliases operators = byCapability.get(entry.connection() + "\n" + entry.name());
            return operators == null ? entry : entry.withAliases(operators.aliases());
        }).toList();
    }
}
