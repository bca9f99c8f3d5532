package dev.capplanner.reports.masking;

import java.util.List;
import java.util.Set;

/** Finds one family of sensitive values in free text. */
public interface Detector {

    /**
     * The values found; {@code text} may count every character read against a budget
     * ({@link ScanBudget}), so a detector reads it through {@code charAt} or a matcher.
     */
    List<Finding> find(CharSequence text);

    /**
     * The values found, where {@code ownWords} (lowercase) are the tenant's own terms (the words of its
     * routed capability names and configured vocabulary): a detector that reads a word no list has as a
     * name keeps these.
     */
    default List<Finding> find(CharSequence text, Set<String> ownWords) {
        return find(text);
    }

    /**
     * False only where no text with these traits can hold a value this detector finds (its every
     * value needs a digit, an {@code @}, ...): the masker then does not ask it. True when unsure.
     */
    default boolean mayFind(TextTraits traits) {
        return true;
    }
}
