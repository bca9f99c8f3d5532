package dev.capplanner.router.ranking;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Renders match reasons as the one line a route or an offer shows, for example
 * {@code hybrid 0.91: matched order@name, selection:order; semantic similarity 0.27}. Term,
 * selection and evidence matches read together as one "matched" part; parts are joined by "; ".
 */
public final class MatchReasonText {

    private MatchReasonText() {
    }

    /** What a route's candidate may carry as its reason (the route event's limit). */
    public static final int MAX_LENGTH = 500;
    /** Look-alikes named in a reason; more are counted. */
    static final int NAMED_LOOK_ALIKES = 3;

    /** The reasons as one line of at most {@link #MAX_LENGTH} characters (cut with an ellipsis). */
    public static String of(List<MatchReason> reasons) {
        String line = line(reasons);
        return line.length() <= MAX_LENGTH ? line : line.substring(0, MAX_LENGTH - 1) + "\u2026";
    }

    /** "look-alikes: a, b, c and 2 more". */
    static String lookAlikesText(List<String> others) {
        String named = String.join(", ", others.subList(0, Math.min(NAMED_LOOK_ALIKES, others.size())));
        return "look-alikes: " + named + (others.size() > NAMED_LOOK_ALIKES
                ? " and " + (others.size() - NAMED_LOOK_ALIKES) + " more" : "");
    }

    private static String line(List<MatchReason> reasons) {
        List<String> parts = new ArrayList<>();
        List<String> matched = new ArrayList<>();
        String prefix = "";
        for (MatchReason reason : reasons) {
            String term = matchedTerm(reason);
            if (term != null) {
                matched.add(term);
                continue;
            }
            flush(matched, parts);
            if (reason instanceof MatchReason.FusedScore fused) {
                prefix = String.format(Locale.ROOT, "hybrid %.2f: ", fused.score());
            } else {
                parts.add(text(reason));
            }
        }
        flush(matched, parts);
        return prefix + String.join("; ", parts);
    }

    private static String matchedTerm(MatchReason reason) {
        if (reason instanceof MatchReason.TermMatch match) {
            return match.term() + "@" + match.field();
        }
        if (reason instanceof MatchReason.SelectionMatch selection) {
            return "selection:" + selection.entity();
        }
        if (reason instanceof MatchReason.EvidenceMatch evidence) {
            return "evidence:" + evidence.entity();
        }
        return null;
    }

    private static void flush(List<String> matched, List<String> parts) {
        if (!matched.isEmpty()) {
            parts.add("matched " + String.join(", ", matched));
            matched.clear();
        }
    }

    private static String text(MatchReason reason) {
        if (reason instanceof MatchReason.SemanticSimilarity similarity) {
            return String.format(Locale.ROOT, "semantic similarity %.2f", similarity.similarity());
        }
        if (reason instanceof MatchReason.FindsIdentifier finds) {
            return "finds " + finds.entity() + "Id for " + finds.forCapability();
        }
        if (reason instanceof MatchReason.ReadsReference reads) {
            return "reads the " + reads.entity() + " " + reads.fromCapability() + " names";
        }
        if (reason instanceof MatchReason.Requested requested) {
            return requested.how();
        }
        if (reason instanceof MatchReason.BelowRelevance) {
            return "below relevance";
        }
        if (reason instanceof MatchReason.LookAlikes lookAlikes) {
            return lookAlikesText(lookAlikes.others());
        }
        if (reason instanceof MatchReason.ChosenByModel) {
            return "chosen by the model";
        }
        if (reason instanceof MatchReason.CalledByName) {
            return "called by name";
        }
        return "no term matched";
    }
}
