import copy

import torch


class Helper:
    def __init__(self, current_time, params, name):
        self.current_time = current_time
        self.target_model = None
        self.local_model = None
        self.train_data = None
        self.params = params
        self.name = name

    def init_weight_accumulator(self, target_model):
        weight_accumulator = dict()
        for name, data in target_model.state_dict().items():
            weight_accumulator[name] = torch.zeros_like(data)
        return weight_accumulator

    def accumulate_weight(self, weight_accumulator, epochs_submit_update_dict, state_keys):
        for state_key in state_keys:
            local_model_update_list = epochs_submit_update_dict[state_key]
            for local_model_update_dict in local_model_update_list:
                for name, data in local_model_update_dict.items():
                    weight_accumulator[name].add_(local_model_update_dict[name])
        return weight_accumulator

    def average_shrink_models(self, weight_accumulator, target_model, epoch_interval):
        """
        Perform FedAvg algorithm and perform some clustering on top of it.
        """
        for name, data in target_model.state_dict().items():
            if self.params.get('tied', False) and name == 'decoder.weight':
                continue

            update_per_layer = weight_accumulator[name] * \
                (self.params["eta"] / self.params["no_models"])
            data.add_(update_per_layer.to(data.dtype))
        return True

    @staticmethod
    def model_dist_norm_var(model, target_params_variables):
        size = 0
        for name, layer in model.named_parameters():
            size += layer.view(-1).shape[0]
        sum_var = torch.zeros(size)
        size = 0
        for name, layer in model.named_parameters():
            sum_var[size:size + layer.view(-1).shape[0]] = (layer - target_params_variables[name]).view(-1)
            size += layer.view(-1).shape[0]
        return torch.norm(sum_var, 2)

    def copy_params(self, model):
        return copy.deepcopy(model.state_dict())
