package dev.capplanner.reports.masking;

/** How a tenant's free text is masked. */
public enum MaskingMode {
    /** Deny by default: every word no vocabulary keeps becomes a pseudonym, besides what the detectors find. */
    STRICT,
    /** Only what the detectors recognize (and the values bound from the question) is masked. */
    DETECTOR
}
