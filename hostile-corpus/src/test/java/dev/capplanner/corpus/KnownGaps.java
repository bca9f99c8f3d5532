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
    LLM_UNGROUNDED_ARGUMENTS((entry, problem) -> problem.startsWith("llm: argument ")),

    /**
     * A 10 MB question, or a 10 MB parameter description (the import caps tool descriptions, not the
     * descriptions inside an input schema), is worked through by the router's tokenizer, the planner's
     * question focus and range filters and the prompt token count for tens of seconds: no stage
     * refuses text of that size.
     */
    UNBOUNDED_TEXT((entry, problem) -> (entry.id().equals("oversized-question")
            || entry.id().equals("oversized-parameter-description")) && problem.startsWith("did not return")),

    /**
     * An input schema nested thousands of levels deep (a parameter's {@code examples}) is imported and
     * then throws downstream instead of being refused with a reason at import: the planner's
     * {@code JsonSchemaArguments.fingerprint} cannot write it (Jackson's 1,000-level limit) and throws
     * {@code IllegalStateException("cannot fingerprint an input schema")} out of planning.
     */
    DEEP_INPUT_SCHEMA((entry, problem) -> entry.id().startsWith("nested-parameter-description-")
            && problem.startsWith("threw "));

    private final BiPredicate<CorpusEntry, String> explains;

    KnownGaps(BiPredicate<CorpusEntry, String> explains) {
        this.explains = explains;
    }

    static Optional<KnownGaps> explaining(CorpusEntry entry, String problem) {
        return List.of(values()).stream().filter(gap -> gap.explains.test(entry, problem)).findFirst();
    }
}
