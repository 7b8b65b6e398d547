"""The code each family's first LLM request must carry (kinds: resolver/llm/needs.py), where the
fix usually is and the traceback does not point: the class whose `forward` is misspelled, the
helper that loads the labels, the config file that holds the wrong number."""

CLASSES, DATASET, CONFIG = "module_classes", "dataset", "config"

CONTEXT: dict[str, tuple[str, ...]] = {
    # a method the traceback never ran: the misspelled `forwad`, the `__int__`, the missing super call
    "module.forward_missing": (CLASSES,),
    "module.missing_super_init": (CLASSES,),
    "module.init_arguments": (CLASSES,),
    "module.no_parameters": (CLASSES,),
    "module.unset_attribute": (CLASSES,),
    # a number of features or classes: written in the model, or in a config file it reads
    "shape.linear_in_features": (CONFIG,),
    "shape.conv_in_channels": (CONFIG,),
    "shape.norm_features": (CONFIG,),
    # labels and ids: made by the Dataset and its helpers, counted against a configured size
    "loss.target_out_of_bounds": (DATASET, CONFIG),
    "index.embedding": (DATASET, CONFIG),
    "dtype.index_expected": (DATASET,),
    "dtype.float_target": (DATASET,),
    "loss.target_size": (DATASET,),
    "data.none_sample": (DATASET,),
    "data.list_sample": (DATASET,),
    "data.ragged_batch": (DATASET,),
    # the setting a scheduler's step() branches on, often written in a config file
    "health.lr_held_at_zero": (CONFIG,),
}
