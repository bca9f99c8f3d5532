package dev.capplanner.deploy;

import java.util.List;
import java.util.Map;

/** A kustomization's {@code images} entry applied to the containers of a workload. */
final class Images {

    private Images() {
    }

    @SuppressWarnings("unchecked")
    /** As kustomize does: a digest replaces the tag ({@code newName@sha256:...}). */
    static void replace(Map<String, Object> object, String name, String newName, String newTag, String digest) {
        if (!(object.get("spec") instanceof Map<?, ?> spec) || !(spec.get("template") instanceof Map<?, ?> template)
                || !(template.get("spec") instanceof Map<?, ?> podSpec)) {
            return;
        }
        for (Object container : (List<Object>) ((Map<String, Object>) podSpec).getOrDefault("containers", List.of())) {
            Map<String, Object> c = (Map<String, Object>) container;
            String image = (String) c.get("image");
            int tagAt = image.lastIndexOf(':');
            String imageName = tagAt > image.lastIndexOf('/') ? image.substring(0, tagAt) : image;
            String tag = tagAt > image.lastIndexOf('/') ? image.substring(tagAt + 1) : null;
            if (imageName.equals(name)) {
                String finalTag = newTag != null ? newTag : tag;
                String reference = digest != null ? "@" + digest : finalTag == null ? "" : ":" + finalTag;
                c.put("image", (newName != null ? newName : imageName) + reference);
            }
        }
    }
}
