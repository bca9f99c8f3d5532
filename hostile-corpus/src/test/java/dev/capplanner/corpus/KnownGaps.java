package dev.capplanner.corpus;

import java.util.List;
import java.util.Optional;
import java.util.function.BiPredicate;

/**
 * Invariant violations the corpus found on main that no branch fixes yet, each named, explained and
 * reproduced by the entries it matches. A problem a gap explains does not fail its entry; every other
 * problem does, and {@link HostileCorpusTest} fails when a gap matches no entry at all (it was fixed:
 * delete it here). The invariants themselves are not loosened: the gaps are listed, not skipped.
 */
enum KnownGaps {

    /**
     * The LLM planner accepts a literal argument value the model copied from remote text (a tool's
     * description, {@code _meta}, a tool's output): {@code PlanValidator} checks tools, schemas, bound
     * arguments and {@code $from} paths, never where a literal value came from, so
     * {@code list_orders(customerId="C-6666")} planted in a description passes and is executed. The
     * deterministic planner binds only values the question holds ("never invent arguments").
     */
    LLM_UNGROUNDED_ARGUMENTS((entry, problem) -> problem.startsWith("llm: argument "));

    private final BiPredicate<CorpusEntry, String> explains;

    KnownGaps(BiPredicate<CorpusEntry, String> explains) {
        this.explains = explains;
    }

    static Optional<KnownGaps> explaining(CorpusEntry entry, String problem) {
        return List.of(values()).stream().filter(gap -> gap.explains.test(entry, problem)).findFirst();
    }
}
