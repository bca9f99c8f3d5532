package dev.capplanner.router.hybrid;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.keyword.Tokenizer;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether a question names what a capability does: its operation and every word of its entity are
 * among the question's terms ("First search the product 'Moka Pot 6'" and products.search). That is
 * no accident of one shared word, which is what the semantic floor on lexical matches guards
 * against ({@link HybridRanker#LEXICAL_MATCH_SIMILARITY_FLOOR}), while an unusual value in the
 * question can pull its embedding away from the very tool it names. Operations that are stop words
 * ("get", "show") name nothing, and neither does a name that is its verb alone (Notion's
 * {@code search}, whose entity is "search" too: any search request would name it).
 */
final class NamedAction {

    private static final Tokenizer TERMS = new Tokenizer();

    private final Set<String> questionTerms;

    NamedAction(String question) {
        this.questionTerms = new HashSet<>(TERMS.terms(question));
    }

    boolean names(Capability capability) {
        List<String> operation = TERMS.terms(capability.operation());
        List<String> entity = TERMS.terms(capability.entity());
        return !operation.isEmpty() && !operation.containsAll(entity)
                && questionTerms.containsAll(operation) && questionTerms.containsAll(entity);
    }
}
