import torch
import torch.nn as nn


def train(helper, start_epoch, local_model, target_model, is_poison, agent_name_keys):
    epochs_submit_update_dict = dict()
    num_samples_dict = dict()
    for model_id in range(helper.params['no_models']):
        epochs_local_update_list = []
        model = local_model
        model.copy_params(target_model.state_dict())
        optimizer = torch.optim.SGD(model.parameters(), lr=helper.params['lr'],
                                    momentum=helper.params['momentum'], weight_decay=helper.params['decay'])
        model.train()
        current_data_model = agent_name_keys[model_id]
        _, data_iterator = helper.train_data[current_data_model]
        target_params_variables = dict()
        for name, param in target_model.named_parameters():
            target_params_variables[name] = target_model.state_dict()[name].clone().detach().requires_grad_(False)

        for internal_epoch in range(helper.params['retrain_no_times']):
            total_loss = 0.
            for batch_id, (data, targets) in enumerate(data_iterator):
                optimizer.zero_grad()
                output = model(data)
                loss = nn.functional.cross_entropy(output, targets)
                loss.backward()
                optimizer.step()
                total_loss += loss.item()
            print(f'___Train {model.name}, epoch {start_epoch:3d}, local model {current_data_model}, '
                  f'internal_epoch {internal_epoch:3d}, Average loss: {total_loss / (batch_id + 1):.4f}')

        local_model_update_dict = dict()
        for name, data in model.state_dict().items():
            local_model_update_dict[name] = torch.zeros_like(data)
            local_model_update_dict[name] = (data - target_model.state_dict()[name])
        epochs_local_update_list.append(local_model_update_dict)
        epochs_submit_update_dict[current_data_model] = epochs_local_update_list
        num_samples_dict[current_data_model] = len(data_iterator.sampler)
    return epochs_submit_update_dict, num_samples_dict
