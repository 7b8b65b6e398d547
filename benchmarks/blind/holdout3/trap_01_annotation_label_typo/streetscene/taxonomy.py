# Class ids are shared with the deployed detector; do not reorder.
CLASSES = ("car", "pedestrian", "cyclist", "truck", "bus")
CLASS_TO_ID = {c: i for i, c in enumerate(CLASSES)}
