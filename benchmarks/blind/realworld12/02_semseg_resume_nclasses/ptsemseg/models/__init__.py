import copy

from ptsemseg.models.fcn import fcn8s


def get_model(model_dict, n_classes):
    name = model_dict["arch"]
    model = _get_model_instance(name)
    param_dict = copy.deepcopy(model_dict)
    param_dict.pop("arch")
    return model(n_classes=n_classes, **param_dict)


def _get_model_instance(name):
    try:
        return {"fcn8s": fcn8s}[name]
    except KeyError:
        raise ValueError("Model {} not available".format(name))
