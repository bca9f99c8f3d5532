package dev.capplanner.router.routing;

import dev.capplanner.contracts.entities.EntityWords;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.router.ranking.MatchReason;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The plainest reader of the entity a question names, in the scope its best-ranked candidates read:
 * "last five commits on torvalds/linux" ranks commit statistics first (their descriptions share more
 * of the question's words), yet it names commits, and the list of a repository's commits takes no
 * input those statistics do not. So, for a word naming an entity in the plural, the snapshot's list
 * (or search) of that entity joins the route right after its {@code leading} candidates when every
 * input it requires is one the leading
 * candidates require too (the scope the rankers found, an owner and a repository here); of several,
 * the one requiring the fewest inputs (at least one: a list of everyone's records is no scope's), the
 * entity's plain reader rather than a narrower one, among those not routed yet. It is ranked for the question (its word names the entity), with the score of
 * the last leading candidate, so the planner may answer with it. At most
 * {@value #MOST_READERS}, placed by {@link AfterLeading}. An empty route stays empty (rule "no fit, no
 * route").
 */
final class NamedEntityReaders {

    static final int MOST_READERS = 2;
    private static final Set<String> MANY = Set.of("list", "search");
    private static final Pattern WORD = Pattern.compile("\\p{L}{3,}");
    /** Words of a question that it reads no entity's records by. */
    private static final Set<String> NOT_ENTITIES = Set.of("the", "and", "for", "with", "what", "which", "who", "whose",
            "where", "when", "does", "did", "has", "have", "are", "was", "were", "this", "that", "these", "those",
            "show", "list", "give", "tell", "please", "details", "detail", "info", "information", "data", "all", "any",
            "last", "latest", "first", "newest", "oldest", "most", "recent", "recently", "their", "its", "his", "her");
    private static final int SNAPSHOTS_KEPT = 64;
    private static final PerSnapshot<Map<String, List<Reader>>> READERS_OF = new PerSnapshot<>(SNAPSHOTS_KEPT,
            NamedEntityReaders::readersByHead);

    private NamedEntityReaders() {
    }

    /** A capability that lists its entity's records, and the inputs it requires. */
    private record Reader(Capability capability, Set<String> requires) {
    }

    static List<RoutedCandidate> with(List<RoutedCandidate> routed, String question, List<Capability> snapshot,
                                      int leading, int limit) {
        int lead = Math.min(leading, routed.size());
        if (lead == 0 || question == null) {
            return routed;
        }
        Set<String> scope = new HashSet<>();
        routed.subList(0, lead).forEach(candidate -> scope.addAll(requires(candidate.capability())));
        Set<String> present = new HashSet<>();
        routed.forEach(candidate -> present.addAll(candidate.offeredNames()));
        Map<String, List<Reader>> byHead = READERS_OF.of(snapshot);
        // Ranked for the question (its word names the entity), just below the leading candidates.
        double score = routed.get(lead - 1).score();
        List<RoutedCandidate> added = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Matcher word = WORD.matcher(question.toLowerCase(Locale.ROOT));
        while (word.find() && added.size() < MOST_READERS) {
            String written = word.group();
            if (NOT_ENTITIES.contains(written) || !EntityWords.plural(written) || !seen.add(written)) {
                continue;
            }
            byHead.getOrDefault(EntityWords.singular(written), List.of()).stream()
                    .filter(reader -> scope.containsAll(reader.requires())
                            && !present.contains(reader.capability().name()))
                    .min(Comparator.comparingInt((Reader reader) -> reader.requires().size()))
                    .ifPresent(reader -> {
                        present.add(reader.capability().name());
                        added.add(new RoutedCandidate(reader.capability(), score,
                                List.of(new MatchReason.TermMatch(written, "entity"))));
                    });
        }
        return AfterLeading.insert(routed, lead, added, limit);
    }

    /**
     * The snapshot's lists by the singular of their entity's last word, and by the word it
     * abbreviates ("repository" for {@code repo}), in snapshot order.
     */
    private static Map<String, List<Reader>> readersByHead(List<Capability> snapshot) {
        Map<String, List<Reader>> byHead = new HashMap<>();
        for (Capability capability : snapshot) {
            if (capability.entity() == null || capability.entity().isBlank() || Capability.isPlan(capability)) {
                continue;
            }
            Set<String> requires = requires(capability);
            // A list that takes no input reads everyone's records (every gist, every user): not a scope's.
            if (capability.operation() == null || !MANY.contains(capability.operation()) || requires.isEmpty()) {
                continue;
            }
            Reader reader = new Reader(capability, requires);
            String head = EntityWords.head(capability.entity());
            for (String key : EntityWords.namedBy(head)) {
                byHead.computeIfAbsent(key, k -> new ArrayList<>()).add(reader);
            }
        }
        return byHead;
    }

    private static Set<String> requires(Capability capability) {
        InputSchema input = InputSchema.of(capability.inputSchema());
        Set<String> required = new HashSet<>(input.required());
        required.removeAll(input.boundParameters());
        return required;
    }
}
