package dev.capplanner.router.routing;

import dev.capplanner.router.ranking.RankedCapability;
import java.util.List;

/**
 * What a structured router is shown (rule "router view"): every eligible
 * capability when there are at most 40; above that, the strongest 40 plus, for each family with
 * capabilities left out, its count and operations, so that tool 41 stays reachable.
 */
public record RouterView(List<RankedCapability> visible, List<OmittedFamily> omittedFamilies) {

    public static final int FULL_VIEW_LIMIT = 40;

    public RouterView {
        visible = List.copyOf(visible);
        omittedFamilies = List.copyOf(omittedFamilies);
    }
}
