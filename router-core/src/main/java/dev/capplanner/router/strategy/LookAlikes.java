package dev.capplanner.router.strategy;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.keyword.Tokenizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Look-alike families: capabilities of different sources that do the same thing, the same
 * operation on the same entity ({@code list} {@code issue} in GitHub, GitLab, Linear and Sentry;
 * {@code search} {@code message} in Slack and Teams). Shown beside each member, they tell a router
 * that reads the ranking that a close alternative from another provider exists, and which: the
 * question's own words ("in GitLab") then decide. Capabilities of one source never form a family
 * (they differ in what the names do not say), and capability plans have none.
 */
final class LookAlikes {

    private static final Tokenizer TERMS = new Tokenizer();

    private final Map<String, List<String>> othersByName;

    private LookAlikes(Map<String, List<String>> othersByName) {
        this.othersByName = othersByName;
    }

    static LookAlikes of(List<Capability> capabilities) {
        Map<String, List<Capability>> byKey = new TreeMap<>();
        for (Capability capability : capabilities) {
            if (!Capability.isPlan(capability) && capability.operation() != null && capability.entity() != null) {
                byKey.computeIfAbsent(key(capability), k -> new ArrayList<>()).add(capability);
            }
        }
        Map<String, List<String>> others = new HashMap<>();
        for (List<Capability> members : byKey.values()) {
            Set<String> sources = new HashSet<>();
            members.forEach(member -> sources.add(String.valueOf(member.family())));
            if (sources.size() < 2) {
                continue;
            }
            List<String> names = members.stream().map(Capability::name).sorted().toList();
            for (String name : names) {
                others.put(name, names.stream().filter(other -> !other.equals(name)).toList());
            }
        }
        return new LookAlikes(others);
    }

    /** The other members of the capability's family, by name; empty when it has none. */
    List<String> of(String capabilityName) {
        return othersByName.getOrDefault(capabilityName, List.of());
    }

    /** How many capabilities have a look-alike. */
    int members() {
        return othersByName.size();
    }

    /** "list issue": the entity's terms as the keyword index reads them (plural and case folded). */
    private static String key(Capability capability) {
        return capability.operation().toLowerCase(Locale.ROOT) + " "
                + String.join(" ", TERMS.terms(capability.entity()));
    }
}
