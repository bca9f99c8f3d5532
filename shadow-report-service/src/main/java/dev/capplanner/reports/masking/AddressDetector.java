package dev.capplanner.reports.masking;

import java.util.ArrayList;
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
 * ("Eschenweg 984", "Bergische Landstr. 33b", "Keizersgracht 12"). Street types come from the
 * dictionary plus a fixed list; a unit ("Apt. 4", "Appartamento 43") is kept with the street.
 */
public final class AddressDetector implements Detector {

    private static final String CAPITALIZED = "\\p{Lu}[\\p{L}'’-]*\\.?";
    private static final String UNIT = "(?:,?\\s+(?:Apt\\.?|Apartment|Suite|Unit|Ste\\.?|#|Appartamento|Interno|Int\\.|Piano|"
            + "Apartamento|Piso|Bloco|Etage)\\s*[\\w-]+)?";
    private static final Set<String> SUFFIXES = Set.of("Street", "St", "Avenue", "Ave", "Road", "Rd", "Boulevard", "Blvd",
            "Lane", "Ln", "Drive", "Dr", "Court", "Ct", "Place", "Pl", "Square", "Sq", "Way", "Terrace", "Parkway",
            "Pkwy", "Highway", "Hwy", "Circle", "Cir", "Trail", "Close", "Crescent", "Row", "Mews", "Gardens");
    private static final Set<String> PREFIXES = Set.of("Via", "Viale", "Piazza", "Piazzale", "Corso", "Largo",
            "Vicolo", "Strada", "Borgo", "Contrada", "Rotonda", "Incrocio", "Lungomare", "Calle", "Avenida", "Paseo",
            "Plaza", "Camino", "Carrera", "Rua", "Travessa", "Alameda", "Praça", "Rue", "Avenue", "Boulevard", "Allée",
            "Quai", "Impasse", "Place", "Chemin", "Passage", "Voie");
    private static final Pattern FRENCH = Pattern.compile("\\b\\d{1,5}(?:\\s?(?:bis|ter))?,?\\s+(?:rue|avenue|boulevard|"
            + "allée|place|quai|impasse|chemin|cours)\\s+(?:(?:de|du|des|la|le|l'|d')\\s*)*" + CAPITALIZED
            + "(?:\\s+" + CAPITALIZED + "){0,2}");
    // A street word starts where no letter, apostrophe or hyphen precedes it: a pattern may start once per
    // word, not at every capital inside a hyphenated run ("A-A-A-..." would be read once per capital).
    private static final Pattern COMPOUND = Pattern.compile("(?:\\b(?:Am|An der|Im|In der|Auf der|Zum|Zur)\\s+)?"
            + "(?<![\\p{L}\\d_'’-])\\p{Lu}"
            + "[\\p{L}'’-]*(?:straße|strasse|str\\.|Str\\.|-Straße|-Platz|-Weg|-Allee|-Ring|-Gasse|-Damm|weg|platz|allee|"
            + "gasse|ring|damm|ufer|pfad|steig|chaussee|markt|"
            + "straat|laan|gracht|kade|plein|plantsoen|park|singel|dreef|hof|bach|stall|feld|berg|dorf|hausen|gatan|vägen|"
            + "väg|ulica)\\s+\\d{1,4}[a-z]?\\b(?:\\s+(?:I{1,3}|IV|hs|bis))?");
    private static final Pattern SEPARATE_TYPE = Pattern.compile("(?<![\\p{L}\\d_'’-])\\p{Lu}[\\p{L}-]+\\s+(?:Str\\.|Straße|Strasse|Weg|"
            + "Platz|Allee|Gasse|Ring|Damm|Chaussee|Landstr\\.|Landstraße)\\s+\\d{1,4}[a-z]?\\b");
    private static final Pattern GERMAN_ARTICLE = Pattern.compile("\\b(?:Am|An der|Im|In der|Auf der|Zum|Zur)\\s+"
            + "\\p{Lu}[\\p{L}-]+\\s+\\d{1,4}[a-z]?\\b");

    private final List<Pattern> patterns;

    public AddressDetector(NameDictionary dictionary) {
        Set<String> suffixes = new TreeSet<>(SUFFIXES);
        suffixes.addAll(dictionary.streetSuffixes());
        Set<String> prefixes = new TreeSet<>(PREFIXES);
        prefixes.addAll(dictionary.streetPrefixes());
        String suffixAlternatives = alternatives(suffixes);
        String prefixAlternatives = alternatives(prefixes);
        this.patterns = List.of(
                Pattern.compile("\\b\\d{1,6}[A-Za-z]?\\s+(?:" + CAPITALIZED + "\\s+){1,3}(?:" + suffixAlternatives
                        + ")\\b\\.?" + UNIT),
                Pattern.compile("\\b(?:" + prefixAlternatives + ")\\s+(?:(?:di|de|del|della|dei|da|do|dos|das|la|le)\\s+)?"
                        + "(?:" + CAPITALIZED + "\\s+){0,3}" + CAPITALIZED + ",?\\s+\\d{1,5}[A-Za-z]?\\b" + UNIT),
                FRENCH, COMPOUND, SEPARATE_TYPE, GERMAN_ARTICLE);
    }

    @Override
    public List<Finding> find(CharSequence text) {
        // Every shape has a house number: text without a digit holds no address.
        if (text.chars().noneMatch(Character::isDigit)) {
            return List.of();
        }
        List<Finding> found = new ArrayList<>();
        for (Pattern pattern : patterns) {
            Matcher matcher = pattern.matcher(text);
            while (matcher.find()) {
                found.add(new Finding(matcher.start(), matcher.end(), SensitiveKind.ADDRESS));
            }
        }
        return found;
    }

    /** Longest first, so "Streets" is not cut to "Street". */
    private static String alternatives(Set<String> words) {
        return words.stream().filter(w -> w.matches("[\\p{L}'’. -]+")).sorted(Comparator.comparingInt(String::length)
                .reversed()).map(Pattern::quote).collect(Collectors.joining("|"));
    }
}
