package dev.capplanner.reports.masking;

import java.util.Set;

/**
 * How one tenant's reports are masked: its sensitive keys, its mode, and the words it adds to what
 * strict mode keeps (its own terms: product names, enum values its capabilities take).
 */
public record TenantMasking(SensitiveKeys keys, MaskingMode mode, Set<String> vocabulary) {

    public TenantMasking {
        vocabulary = Set.copyOf(vocabulary);
    }

    public static TenantMasking detector(SensitiveKeys keys) {
        return new TenantMasking(keys, MaskingMode.DETECTOR, Set.of());
    }

    public static TenantMasking strict(SensitiveKeys keys) {
        return new TenantMasking(keys, MaskingMode.STRICT, Set.of());
    }
}
