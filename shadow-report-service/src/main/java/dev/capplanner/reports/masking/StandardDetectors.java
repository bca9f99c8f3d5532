package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.List;

/**
 * The detectors the report service masks with, in the order that names a value where two find it
 * (patterns and checksums first, then addresses, phones, person names, identifier-like numbers).
 * One list, so the service, its tests and the hostile corpus mask alike.
 */
public final class StandardDetectors {

    private StandardDetectors() {
    }

    public static List<Detector> of(NameDictionary names, List<String> phoneRegions) {
        List<Detector> detectors = new ArrayList<>(PatternDetectors.all());
        detectors.add(new AddressDetector());
        detectors.add(new PhoneDetector(phoneRegions));
        detectors.add(new PersonNameDetector(names));
        detectors.add(new IdentifierNumberDetector());
        return List.copyOf(detectors);
    }
}
