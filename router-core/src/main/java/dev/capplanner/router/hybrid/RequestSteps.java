package dev.capplanner.router.hybrid;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits a request into its actions, and only into actions: "Find customer Riccardo and list his
 * orders" is two steps, "I'm moving to Chicago. What are the best neighborhoods?" is one (the first
 * sentence is context), and nothing inside quotes is ever split. Each step's tools can then be
 * routed; ranking a single-action request in pieces only loses the context its sentences share.
 *
 * <p>A clause is an action when it asks (a question mark, or a question word or "can you" first),
 * starts with a verb of action after any connective, courtesy or leading condition ("Then, please
 * retrieve ...", "Once you have it, check ..."), or with any other word that an object follows
 * ("Activate the service": the verb list cannot be complete), or states a need ("I would like to
 * know ...", "I am interested in ...", "I need the ...") ({@link ActionClauses}). The verbs are a
 * general English list plus the operations of the snapshot's own capabilities. Clauses split
 * at sentence ends, before sequencing words ("then", "after that", "additionally"), and at "and"
 * when an action follows it. A clause that is not an action (context, a parameter's value) joins
 * the action before it, or the first action when none came before; so does an action that names
 * nothing of its own ("Can you help me with that?"). A request with fewer than two
 * actions is one step, the whole request: requests in other languages are ranked whole.
 */
public final class RequestSteps {

    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?;])\\s+");
    private static final Pattern SEQUENCE = Pattern.compile("[,;]?\\s+(?=(?:then|after that|afterwards?|finally|"
            + "additionally|furthermore|moreover|lastly|subsequently)\\b)", Pattern.CASE_INSENSITIVE);
    private static final Pattern AND = Pattern.compile(",?\\s+and\\s+(?:also\\s+|then\\s+)?", Pattern.CASE_INSENSITIVE);
    private static final int MIN_WORDS = 3;

    private final ActionClauses actions;

    public RequestSteps() {
        this(List.of());
    }

    /** @param operations the snapshot's operation names ("search", "list"): their verbs count as actions too */
    public RequestSteps(Collection<String> operations) {
        this.actions = new ActionClauses(operations);
    }

    public List<String> split(String request) {
        QuotedText quoted = new QuotedText(request.strip());
        List<String> clauses = new ArrayList<>();
        for (String sentence : SENTENCE_END.split(quoted.masked())) {
            for (String sequenced : SEQUENCE.split(sentence)) {
                clauses.addAll(splitAtActionAnd(sequenced));
            }
        }
        List<StringBuilder> steps = new ArrayList<>();
        StringBuilder pendingContext = new StringBuilder();
        for (String clause : clauses) {
            String trimmed = clause.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            if (actions.isAction(trimmed) && ActionClauses.words(trimmed).size() >= MIN_WORDS
                    && ActionClauses.saysWhat(trimmed)) {
                StringBuilder step = new StringBuilder();
                if (!pendingContext.isEmpty()) {
                    step.append(pendingContext).append(' ');
                    pendingContext.setLength(0);
                }
                steps.add(step.append(trimmed));
            } else if (steps.isEmpty()) {
                pendingContext.append(pendingContext.isEmpty() ? "" : " ").append(trimmed);
            } else {
                steps.get(steps.size() - 1).append(' ').append(trimmed);
            }
        }
        if (steps.size() < 2) {
            return List.of(request);
        }
        return steps.stream().map(step -> quoted.restore(step.toString())).toList();
    }

    /**
     * Splits at each "and" that an action begins ({@link ActionClauses#beginsAnAction}), unless a verb also comes
     * right before it: "explore and analyze the effects" is one action on one object. An "and"
     * between two things ("invoices and payments", "journals and research institutions") stays: many
     * verbs are nouns too.
     */
    private List<String> splitAtActionAnd(String clause) {
        List<String> parts = new ArrayList<>();
        Matcher and = AND.matcher(clause);
        int start = 0;
        while (and.find()) {
            List<String> after = ActionClauses.withoutLeadIns(ActionClauses.words(clause.substring(and.end())));
            List<String> before = ActionClauses.words(clause.substring(start, and.start()));
            if (actions.beginsAnAction(after) && before.size() >= MIN_WORDS
                    && !actions.isVerbForm(before.get(before.size() - 1))) {
                parts.add(clause.substring(start, and.start()));
                start = and.end();
            }
        }
        parts.add(clause.substring(start));
        return parts;
    }
}
