import yaml


def read_parameters(param_file):
    """Read and return parameters in .yaml file"""
    with open(param_file) as yamlfile:
        params = yaml.safe_load(yamlfile)
    return params


def get_device_ids(number_requested):
    return []
