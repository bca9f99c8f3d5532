package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Street addresses in free text, in the shapes Western addresses take: a number, capitalized words
 * and a street type ("221 Baker Street", "9779 Herman Club Suite 944"); a street type, words and a
 * number ("Via Roma 12", "Rua Augusta, 27"); a number, a lowercase street type and words
 * ("12 rue de la Paix"); and German or Dutch compound street names with a number
 * ("Eschenweg 984", "Bergische Landstr. 33b", "Keizersgracht 12"). Street types are fixed lists of
 * several languages; a unit ("Apt. 4", "Appartamento 43") is kept with the street. Street types that
 * are seldom anything else ("street", "avenue", "strada") mark an address in any case
 * ("221 baker street", "VIA GARIBALDI 7").
 */
public final class AddressDetector implements Detector {

    private static final String CAPITALIZED = "\\p{Lu}[\\p{L}'’-]*\\.?";
    private static final String UNIT = "(?:,?\\s+(?:Apt\\.?|Apartment|Suite|Unit|Ste\\.?|#|Appartamento|Interno|Int\\.|Piano|"
            + "Apartamento|Piso|Bloco|Etage)\\s*[\\w-]+)?";
    private static final Set<String> SUFFIXES = Set.of("Street", "St", "Avenue", "Ave", "Road", "Rd", "Boulevard", "Blvd",
            "Lane", "Ln", "Drive", "Dr", "Court", "Ct", "Place", "Pl", "Square", "Sq", "Way", "Terrace", "Parkway",
            "Pkwy", "Highway", "Hwy", "Circle", "Cir", "Trail", "Close", "Crescent", "Row", "Mews", "Gardens", "Alley",
            "Walk", "Grove", "Park", "Hill", "Heights", "Expressway", "Freeway", "Turnpike", "Pike", "Loop", "Plaza",
            "Path", "Green", "Parade", "Esplanade", "Embankment", "Wharf", "Quay", "Broadway",
            // USPS Publication 28 street suffixes (and their plurals) that are not listed above.
            "Squares", "Club", "Views", "View", "Lights", "Light", "Shores", "Shore", "Manor", "Manors", "Center",
            "Centers", "Crossing", "Falls", "Ferry", "Flats", "Forest", "Forks", "Fork", "Glen", "Glens", "Harbor",
            "Harbors", "Haven", "Island", "Islands", "Junction", "Knoll", "Knolls", "Lake", "Lakes", "Landing",
            "Meadow", "Meadows", "Mill", "Mills", "Mission", "Mount", "Mountain", "Oval", "Pass", "Pines", "Plains",
            "Point", "Points", "Port", "Ports", "Prairie", "Ranch", "Ridge", "Ridges", "River", "Route", "Shoal",
            "Shoals", "Spring", "Springs", "Station", "Stream", "Summit", "Tunnel", "Union", "Unions", "Valley",
            "Valleys", "Ville", "Vista", "Well", "Wells", "Streets", "Roads", "Drives", "Courts", "Estates", "Estate",
            "Extension", "Fields", "Garden", "Gateway", "Groves", "Harbour", "Hills", "Inlet", "Locks", "Lodge",
            "Overpass", "Rapids", "Rest", "Run", "Spur", "Trafficway", "Underpass", "Villages", "Village", "Bypass",
            "Burg", "Bluff", "Bluffs", "Bottom", "Branch", "Bridge", "Brook", "Brooks", "Camp", "Canyon", "Cape",
            "Causeway", "Cliff", "Cliffs", "Common", "Commons", "Corner", "Corners", "Course", "Cove", "Coves",
            "Creek", "Crest", "Curve", "Dale", "Dam", "Divide", "Expy", "Ford", "Fords", "Fort", "Junctions", "Plain",
            "Keys", "Key", "Isle", "Ways", "Motorway",
            // The rest of Publication 28's suffixes, less those that are everyday words of a support question
            // ("track", "land", "mall", "beach", "walks", "extensions": "12 items for the beach" is no address).
            "Forge", "Forges", "Loaf", "Bayou", "Orchard", "Viaduct", "Stravenue", "Skyway", "Throughway",
            "Crossroad", "Crossroads", "Anex", "Radial", "Burgs", "Parkways", "Spurs");
    private static final Set<String> PREFIXES = Set.of("Via", "Viale", "Piazza", "Piazzale", "Corso", "Largo",
            "Vicolo", "Strada", "Borgo", "Contrada", "Rotonda", "Incrocio", "Lungomare", "Calle", "Avenida", "Paseo",
            "Plaza", "Camino", "Carrera", "Rua", "Travessa", "Alameda", "Praça", "Rue", "Avenue", "Boulevard", "Allée",
            "Quai", "Impasse", "Place", "Chemin", "Passage", "Voie", "Avinguda", "Carrer", "Ronda", "Glorieta",
            "Cours", "Route", "Estrada", "Ulica", "Aleja", "Plac", "Osiedle", "Passeig", "Rambla",
            "Bulevardul", "Calea", "Straße", "Gatan", "Vägen", "Ulitsa", "Prospekt", "Rruga", "Odos", "Sokak", "Cadde",
            "Caddesi", "Jalan", "Đường", "Duong");
    /** Street types seldom used for anything else: they mark an address whatever the case of the text. */
    private static final String PLAIN_SUFFIXES = "street|st\\.|avenue|ave\\.|road|rd\\.|boulevard|blvd|lane|drive|"
            + "parkway|highway|terrace|crescent|strasse|straße|gasse|allee|straat|laan|gracht|gatan|vägen";
    private static final String PLAIN_PREFIXES = "viale|piazza|piazzale|corso|vicolo|strada|calle|avenida|paseo|carrer|"
            + "avinguda|rua|travessa|alameda|praça|rue|avenue|boulevard|allée|chemin|impasse|ulica|aleja|calea|"
            + "bulevardul|jalan|incrocio|contrada|lungomare|rotonda|largo|borgo|quai|passeig|rambla|väg|"
            // The abbreviations written on envelopes: Polish "ul." (ulica), Spanish "C/" (calle), "Avda.", "Pza.", "Av.".
            + "ul\\.|al\\.|c/|avda\\.|pza\\.|av\\.";
    /** Where the number comes first and the street type after it ("526 Avenue Royale", "3 rue des panoramas"). */
    private static final String NUMBER_FIRST_TYPES = "rue|avenue|boulevard|allée|place|quai|impasse|chemin|cours|route|passage|"
            + "via|viale|piazza|corso|calle|avenida|rua|travessa|alameda";
    private static final String ANY_WORD = "[\\p{L}][\\p{L}'’.-]*";
    private static final Pattern PLAIN_NUMBER_FIRST = Pattern.compile("\\b\\d{1,6}[a-z]?,?\\s+(?:" + ANY_WORD + "\\s+){1,3}"
            + "(?:" + PLAIN_SUFFIXES + ")(?![\\p{L}])" + UNIT, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Pattern NUMBER_THEN_TYPE = Pattern.compile("\\b\\d{1,5}(?:\\s?(?:bis|ter))?,?\\s+(?:"
            + NUMBER_FIRST_TYPES + ")\\s+(?:" + ANY_WORD + "\\s+){0,3}" + ANY_WORD,
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Pattern PLAIN_TYPE_FIRST = Pattern.compile("(?<![\\p{L}])(?:" + PLAIN_PREFIXES + ")\\s+(?:"
            + ANY_WORD + "\\s+){0,3}" + ANY_WORD + ",?\\s+\\d{1,5}[a-z]?\\b" + UNIT,
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Pattern FRENCH = Pattern.compile("\\b\\d{1,5}(?:\\s?(?:bis|ter))?,?\\s+(?:rue|avenue|boulevard|"
            + "allée|place|quai|impasse|chemin|cours)\\s+(?:(?:de|du|des|la|le|l'|d')\\s*)*" + CAPITALIZED
            + "(?:\\s+" + CAPITALIZED + "){0,2}");
    // A street word starts where no letter, apostrophe or hyphen precedes it: a pattern may start once per
    // word, not at every capital inside a hyphenated run ("A-A-A-..." would be read once per capital).
    private static final Pattern COMPOUND = Pattern.compile("(?:\\b(?:Am|An der|Im|In der|Auf der|Zum|Zur)\\s+)?"
            + "(?<![\\p{L}\\d_'’-])(?=[\\p{L}'’-]+\\.?\\s+\\d)\\p{Lu}"
            + "[\\p{L}'’-]*(?:straße|strasse|str\\.|Str\\.|-Straße|-Platz|-Weg|-Allee|-Ring|-Gasse|-Damm|weg|platz|allee|"
            + "gasse|ring|damm|ufer|pfad|steig|chaussee|markt|"
            + "straat|laan|gracht|kade|plein|plantsoen|park|singel|dreef|hof|bach|stall|feld|berg|dorf|hausen|gatan|vägen|"
            + "väg|ulica|blick|graben|grund|winkel|brücke|höhe|kamp|anger|wiese|garten)\\s+\\d{1,4}[a-z]?\\b"
            + "(?:\\s+(?:I{1,3}|IV|hs|bis))?");
    /** The street-name endings no English word has, in any case: "eichenweg 42b", "AKAZIENWEG 492", "lortzingstr. 21b". */
    private static final Pattern PLAIN_COMPOUND = Pattern.compile("(?<![\\p{L}\\d_'’-])"
            // A cheap look ahead first: only a word right before a house number is read against the endings.
            + "(?=[\\p{L}'’-]{3,}\\.?\\s+\\d)\\p{L}[\\p{L}'’-]{2,}(?:straße|strasse|"
            + "str\\.|weg|gasse|allee|platz|damm|ufer|chaussee|straat|laan|gracht|kade|plein|plantsoen|singel|dreef|gatan|"
            + "vägen|väg|allén|gränd|stigen|torget|backen|gärdet|gata|gaten|veien|vegen|vej|gade|blick|graben|winkel|"
            + "brücke|park)\\s+\\d{1,4}[a-z]?\\b(?:\\s+(?:i{1,3}|iv|hs|bis)\\b)?",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    /** "widdauener str. 6", "BERGISCHE LANDSTRASSE 33": a separate street type no English word is. */
    private static final Pattern PLAIN_SEPARATE_TYPE = Pattern.compile("(?<![\\p{L}\\d_'’-])"
            + "(?=[\\p{L}-]{2,}\\s+[\\p{L}.]+\\s+\\d)\\p{L}[\\p{L}-]+\\s+(?:str\\.|"
            + "straße|strasse|gasse|allee|platz|chaussee|landstr\\.|landstraße|landstrasse)\\s+\\d{1,4}[a-z]?\\b",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Pattern SEPARATE_TYPE = Pattern.compile("(?<![\\p{L}\\d_'’-])"
            + "(?=[\\p{L}-]{2,}\\s+[\\p{L}.]+\\s+\\d)\\p{Lu}[\\p{L}-]+\\s+(?:Str\\.|Straße|Strasse|Weg|"
            + "Platz|Allee|Gasse|Ring|Damm|Chaussee|Landstr\\.|Landstraße)\\s+\\d{1,4}[a-z]?\\b");
    /** A street type between the street's name and the number, as in Hungary, the Nordic countries, Turkey ("bem utca 583"). */
    private static final Pattern TYPE_AFTER_NAME = Pattern.compile("(?<![\\p{L}\\d_'’-])"
            + "(?=[\\p{L}'’-]{2,}\\s+[\\p{L}.]+\\s+\\d)\\p{L}[\\p{L}'’-]+\\s+(?:utca|u\\.|út|"
            + "útja|körút|sétány|köz|tér|väg|vej|gade|vei|gata|sokak|sokağı|caddesi)\\s+\\d{1,4}(?:/?[a-z])?\\b",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    /** "via dei mille 9": the Italian "via" is an English word too, but not before an article of a street's name. */
    private static final Pattern ITALIAN_VIA = Pattern.compile("(?<![\\p{L}])via\\s+(?:di|de|del|dello|della|dei|degli|"
            + "delle)\\s+(?:" + ANY_WORD + "\\s+){0,2}" + ANY_WORD + ",?\\s+\\d{1,5}[a-z]?\\b" + UNIT,
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    /** Indian house and flat numbers: "H.No 12-5-34, Vijayapuri Colony", "flat no. 4B, Green Park". */
    private static final Pattern HOUSE_NUMBER_MARKER = Pattern.compile("(?<![\\p{L}])(?:h\\.\\s?no|house\\s+no|flat\\s+no|"
            + "plot\\s+no|door\\s+no)\\.?\\s*:?\\s*\\d[\\d/-]*[a-z]?,?(?:\\s+" + ANY_WORD + "){0,3}",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    /** Japanese block numbers (chōme-banchi-gō) before the district: "2-14-5 Nishi-Shinjuku". */
    // The district is written with a capital: "paid on 12-10-24 invoices" is a date.
    private static final Pattern JAPANESE_BLOCK = Pattern.compile("\\b\\d{1,2}(?:-|\\s+(?i:chome)-)\\d{1,3}-\\d{1,3},?\\s+"
            + "\\p{Lu}[\\p{L}-]*");
    /**
     * "am hohen ufer 98b", "IN DER LANGEN GASSE 4": an article, words, and a last word ending in a German
     * street type no English word ends in, in any case.
     */
    private static final Pattern PLAIN_GERMAN_ARTICLE = Pattern.compile("(?<![\\p{L}])(?:am|an\\s+der|im|in\\s+der|"
            + "auf\\s+der|zum|zur)\\s+(?:[\\p{L}-]+\\s+){0,2}[\\p{L}-]*(?:straße|strasse|str\\.|weg|gasse|allee|platz|"
            + "damm|ufer|chaussee|markt|steig|pfad|graben|winkel|brücke|höhe|anger|wiese)\\s+\\d{1,4}[a-z]?\\b",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Pattern GERMAN_ARTICLE = Pattern.compile("\\b(?:Am|An der|Im|In der|Auf der|Zum|Zur)\\s+"
            + "\\p{Lu}[\\p{L}-]+\\s+\\d{1,4}[a-z]?\\b");

    /** Where a shape's match can start, so most of the text is never tried. */
    private enum Start {
        /** At its house number: a digit with no digit before it. */
        NUMBER,
        /** Anywhere, but its street's name ends in blanks and a house number ("Via Roma 12"): a text has a digit after a blank. */
        BEFORE_A_NUMBER,
        /** "H.No 12": after "no". */
        HOUSE_NUMBER_MARKER
    }

    private record Shape(Pattern pattern, Start start) {
    }

    private final List<Shape> shapes;

    public AddressDetector() {
        Set<String> suffixes = new TreeSet<>(SUFFIXES);
        Set<String> prefixes = new TreeSet<>(PREFIXES);
        String suffixAlternatives = alternatives(suffixes);
        String prefixAlternatives = alternatives(prefixes);
        this.shapes = List.of(
                // Any case: "059 streich club" is as much an address as "059 Streich Club".
                new Shape(Pattern.compile("\\b\\d{1,6}[A-Za-z]?\\s+(?:(?:" + ANY_WORD + "|\\d{1,4}(?:st|nd|rd|th))\\s+){1,3}(?iu:"
                        + suffixAlternatives
                        + ")(?![\\p{L}])\\.?" + UNIT), Start.NUMBER),
                // Every street type here is written with a capital: a lower-case word is passed over at once.
                new Shape(Pattern.compile("\\b(?=\\p{Lu})(?:" + prefixAlternatives
                        + ")\\s+(?:(?:di|de|del|della|dei|da|do|dos|das|la|le)\\s+)?"
                        + "(?:" + CAPITALIZED + "\\s+){0,3}" + CAPITALIZED + ",?\\s+\\d{1,5}[A-Za-z]?\\b" + UNIT),
                        Start.BEFORE_A_NUMBER),
                new Shape(JAPANESE_BLOCK, Start.NUMBER), new Shape(HOUSE_NUMBER_MARKER, Start.HOUSE_NUMBER_MARKER),
                new Shape(TYPE_AFTER_NAME, Start.BEFORE_A_NUMBER), new Shape(ITALIAN_VIA, Start.BEFORE_A_NUMBER),
                new Shape(FRENCH, Start.NUMBER), new Shape(COMPOUND, Start.BEFORE_A_NUMBER),
                new Shape(SEPARATE_TYPE, Start.BEFORE_A_NUMBER), new Shape(GERMAN_ARTICLE, Start.BEFORE_A_NUMBER),
                new Shape(PLAIN_GERMAN_ARTICLE, Start.BEFORE_A_NUMBER),
                new Shape(PLAIN_COMPOUND, Start.BEFORE_A_NUMBER), new Shape(PLAIN_SEPARATE_TYPE, Start.BEFORE_A_NUMBER),
                new Shape(PLAIN_NUMBER_FIRST, Start.NUMBER), new Shape(PLAIN_TYPE_FIRST, Start.BEFORE_A_NUMBER),
                new Shape(NUMBER_THEN_TYPE, Start.NUMBER));
    }

    /** Every shape has a house number: text without a digit holds no address. */
    @Override
    public boolean mayFind(TextTraits traits) {
        return traits.digits() > 0;
    }

    /**
     * Each shape is tried only where it can start: a pattern asked to find its matches tries every
     * position of the text, and a dozen of them cost more than the rest of the masking of a question.
     */
    @Override
    public List<Finding> find(CharSequence text) {
        int[] numbers = numberStarts(text);
        if (numbers.length == 0) {
            return List.of();
        }
        boolean numberAfterBlank = numberAfterBlank(text, numbers);
        boolean houseNumberMarker = containsNo(text);
        List<Finding> found = new ArrayList<>();
        for (Shape shape : shapes) {
            switch (shape.start()) {
                case NUMBER -> findFrom(shape.pattern(), text, numbers, found);
                case BEFORE_A_NUMBER -> {
                    if (numberAfterBlank) {
                        findAll(shape.pattern(), text, found);
                    }
                }
                case HOUSE_NUMBER_MARKER -> {
                    if (houseNumberMarker) {
                        findAll(shape.pattern(), text, found);
                    }
                }
            }
        }
        return found;
    }

    /** Every shape tried at every position: what {@link #find} must find (its tests compare the two). */
    List<Finding> findTryingEveryPosition(CharSequence text) {
        List<Finding> found = new ArrayList<>();
        shapes.forEach(shape -> findAll(shape.pattern(), text, found));
        return found;
    }

    private static void findAll(Pattern pattern, CharSequence text, List<Finding> found) {
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            found.add(new Finding(matcher.start(), matcher.end(), SensitiveKind.ADDRESS));
        }
    }

    /**
     * What {@link #findAll} finds for a pattern whose every match starts with {@code \b\d}: tried at the
     * first digit of each number only (the others have a digit before them, so no word boundary), with
     * the text around visible to its look-behinds and boundaries, and on past the end of each match.
     */
    private static void findFrom(Pattern pattern, CharSequence text, int[] numbers, List<Finding> found) {
        Matcher matcher = pattern.matcher(text).useTransparentBounds(true).useAnchoringBounds(false);
        int from = 0;
        for (int start : numbers) {
            if (start < from) {
                continue;
            }
            matcher.region(start, text.length());
            if (matcher.lookingAt()) {
                found.add(new Finding(matcher.start(), matcher.end(), SensitiveKind.ADDRESS));
                from = matcher.end();
            }
        }
    }

    /** Where each run of ASCII digits starts. */
    private static int[] numberStarts(CharSequence text) {
        int[] starts = new int[8];
        int count = 0;
        boolean previousDigit = false;
        for (int at = 0; at < text.length(); at++) {
            boolean digit = isDigit(text.charAt(at));
            if (digit && !previousDigit) {
                if (count == starts.length) {
                    starts = Arrays.copyOf(starts, count * 2);
                }
                starts[count++] = at;
            }
            previousDigit = digit;
        }
        return Arrays.copyOf(starts, count);
    }

    /** A number right after a blank ({@code \s}: space, tab, line breaks, vertical tab, form feed), as {@code \s+\d}. */
    private static boolean numberAfterBlank(CharSequence text, int[] numbers) {
        for (int start : numbers) {
            if (start > 0 && " \t\n\u000B\f\r".indexOf(text.charAt(start - 1)) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** "no" in any case: every house-number marker ends with it. */
    private static boolean containsNo(CharSequence text) {
        for (int at = 1; at < text.length(); at++) {
            if ((text.charAt(at) | 0x20) == 'o' && (text.charAt(at - 1) | 0x20) == 'n') {
                return true;
            }
        }
        return false;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Longest first, so "Streets" is not cut to "Street". */
    private static String alternatives(Set<String> words) {
        return words.stream().filter(w -> w.matches("[\\p{L}'’. -]+")).sorted(Comparator.comparingInt(String::length)
                .reversed()).map(Pattern::quote).collect(Collectors.joining("|"));
    }
}
