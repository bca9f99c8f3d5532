package dev.capplanner.reports.masking;

import java.util.List;

/** Finds one family of sensitive values in free text. */
public interface Detector {

    /**
     * The values found; {@code text} may count every character read against a budget
     * ({@link ScanBudget}), so a detector reads it through {@code charAt} or a matcher.
     */
    List<Finding> find(CharSequence text);
}
