package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.List;

/**
 * The detectors the report service masks with, in the order that names a value where two find it
 * (patterns and checksums first, then addresses, phones, person names by the registry lists, by
 * case and cues, words of scripts no list reads, identifier-like numbers).
 * One list, so the service, its tests and the hostile corpus mask alike.
 */
public final class StandardDetectors {

    private StandardDetectors() {
    }

    public static List<Detector> of(Vocabulary vocabulary, List<String> phoneRegions) {
        List<Detector> detectors = new ArrayList<>(PatternDetectors.all());
        detectors.add(new AddressDetector());
        detectors.add(new PhoneDetector(phoneRegions));
        // The registry lists read names in any case; case and cues add the capitalized names they do not list.
        detectors.add(new ListedNameDetector(vocabulary));
        detectors.add(new PersonNameDetector(NameDictionary.of(vocabulary)));
        detectors.add(new UnreadScriptDetector(vocabulary));
        detectors.add(new IdentifierNumberDetector());
        return List.copyOf(detectors);
    }
}
